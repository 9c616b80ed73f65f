import type { z } from 'zod';
import { OpArguments } from '../ops/ops-http';
import { opLimits, opNamePattern } from '../ops/op';
import { parseJsonBlock, type BlockParse } from './block-parse';
import { blockBoolean, blockList, blockObject, blockText } from './fields';

/** Ops one ```auto block may run. */
export const autoBlockOps = 5;

const AutoOp = blockObject({
  /** The op's name (its function name), as POST /ops takes it in op_name. */
  name: blockText('name', opLimits.nameLength).regex(
    opNamePattern,
    'must be an op name (letters, digits, underscores and hyphens)',
  ),
  /** Its parameters, a JSON object ({} when none). */
  params: OpArguments.default({}),
  /** Call the system op of that name rather than one of the user's own. */
  system_op: blockBoolean().optional(),
});
export type AutoOp = z.output<typeof AutoOp>;

/** The ```auto block: the data-fetch ops to run (in order) through POST /ops, and their parameters. */
export const AutoBlock = blockObject({
  ops: blockList(AutoOp, 'ops', autoBlockOps).min(1, 'must name at least one op'),
});
export type AutoBlock = z.output<typeof AutoBlock>;

/** {"ops": [{"name": "<op name>", "params": {...}, "system_op"?: boolean}]}, 1 to 5 ops, nothing else. */
export const parseAutoBlock = (text: string): BlockParse<AutoBlock> =>
  parseJsonBlock('auto', text, AutoBlock);
