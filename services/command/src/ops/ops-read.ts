import { systemOpsStreamId, userOpsStreamId, type ListedOp, type Op } from '@app/contracts';
import type { Db } from '@app/platform';
import { loadState } from '../shared/stream-state';
import { opsDecider } from './ops-decider';

/** The system ops (the Ops tab's: every user sees them). */
export const systemOps = async (db: Db): Promise<Op[]> =>
  Object.values((await loadState(db, opsDecider, systemOpsStreamId)).state);

/** One user's own ops. */
export const ownOps = async (db: Db, email: string): Promise<Op[]> =>
  Object.values((await loadState(db, opsDecider, userOpsStreamId(email))).state);

const listed = (ops: readonly Op[], system_op: boolean): ListedOp[] =>
  ops.map((op) => ({ ...op, system_op }));

/** The ops `email` may use: their own and the system's, of `tag` when given, sorted by name. */
export const visibleOps = async (db: Db, email: string, tag?: string): Promise<ListedOp[]> => {
  const [own, system] = await Promise.all([ownOps(db, email), systemOps(db)]);
  const all = [...listed(own, false), ...listed(system, true)];
  const tagged = tag === undefined || tag === '' ? all : all.filter((op) => op.tags.includes(tag));
  return tagged.sort((a, b) => a.name.localeCompare(b.name) || Number(a.system_op) - Number(b.system_op));
};

/**
 * The op called `name` that `email` may use: the system's when `systemOp`, else their own, else the
 * system's of that name; of `tag` when given.
 */
export const findOp = async (
  db: Db,
  email: string,
  name: string,
  o: { systemOp?: boolean; tag?: string } = {},
): Promise<ListedOp | undefined> => {
  const ops = (await visibleOps(db, email, o.tag)).filter((op) => op.name === name);
  if (o.systemOp === true) return ops.find((op) => op.system_op);
  return ops.find((op) => !op.system_op) ?? ops.find((op) => op.system_op);
};
