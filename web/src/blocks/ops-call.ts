import { OpCallResponse, opsRoutes, type AutoOp } from '@app/contracts';
import { relayJson } from '../api/relay';

/** POST /ops: one op of an ```auto block, by name with its parameters (the server calls it, guarded). */
export async function callOp(op: AutoOp): Promise<OpCallResponse> {
  return (
    await relayJson('callOp', opsRoutes.call, OpCallResponse, {
      method: 'POST',
      body: {
        op_name: op.name,
        parameters: op.params,
        ...(op.system_op !== undefined && { system_op: op.system_op }),
      },
    })
  ).body;
}

/** At most this many characters of an op's answer are shown. */
export const shownAnswerLength = 20_000;

/** An op's answer as text: JSON pretty-printed, cut at `shownAnswerLength`. */
export const answerText = (data: unknown): string => {
  const text = typeof data === 'string' ? data : (JSON.stringify(data, null, 2) ?? String(data));
  return text.length > shownAnswerLength ? `${text.slice(0, shownAnswerLength)}\n…` : text;
};
