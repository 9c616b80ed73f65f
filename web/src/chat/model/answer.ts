import type { ChatSource, ChatStatus, ChatStopReason, ChatUsage } from '@app/contracts';
import type { StreamChunk } from '../../api/chat-sse';
import { withApproval, type ToolApproval } from '../tools/approvals';

/** An answer as it streams in: folded from its chunks, one at a time, by `applyChunk`. */
export interface AnswerState {
  /** The text received in order. */
  text: string;
  /** After `m:'out_of_order'`: text per index `s`, shown in index order after `text`. */
  parts: Record<string, string>;
  outOfOrder: boolean;
  /** Status lines, one per status id, in the order they first came. */
  statuses: ChatStatus[];
  /** The relay's state for the message (`state` merged in, `stateReset` clears it). */
  state: Record<string, unknown>;
  usage: ChatUsage | null;
  /** The passages retrieved from the request's documents (`{s:'meta', d:{sources}}`). */
  sources: ChatSource[];
  error: string | null;
  /** Why the relay stopped the answer before the model finished it (`{s:'meta', stopped}`). */
  stopped: ChatStopReason | null;
  /** The 'Ask first' questions of MCP calls (`{s:'meta', approval}`), one per call, in order. */
  approvals: ToolApproval[];
  ended: boolean;
}

export const initialAnswer = (): AnswerState => ({
  text: '',
  parts: {},
  outOfOrder: false,
  statuses: [],
  state: {},
  usage: null,
  sources: [],
  error: null,
  stopped: null,
  approvals: [],
  ended: false,
});

/** The answer's text: the in-order text, then the out-of-order parts by index. */
export const answerText = (answer: AnswerState): string =>
  answer.text +
  Object.keys(answer.parts)
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => answer.parts[String(index)] ?? '')
    .join('');

const withStatus = (statuses: ChatStatus[], status: ChatStatus): ChatStatus[] =>
  statuses.some((s) => s.id === status.id)
    ? statuses.map((s) => (s.id === status.id ? status : s))
    : [...statuses, status];

const appendPart = (answer: AnswerState, index: number, d: string): AnswerState => {
  if (!answer.outOfOrder) return { ...answer, text: answer.text + d };
  const key = String(index);
  return { ...answer, parts: { ...answer.parts, [key]: (answer.parts[key] ?? '') + d } };
};

/** Folds one chunk of the chat's answer into the answer so far (pure: returns a new state). */
export function applyChunk(answer: AnswerState, chunk: StreamChunk): AnswerState {
  if (typeof chunk.s === 'number') return appendPart(answer, chunk.s, chunk.d);
  if (chunk.s === 'answer') return { ...answer, text: answer.text + chunk.d };
  if (chunk.s === 'error') return { ...answer, error: chunk.d };
  if (chunk.s === 'result') return { ...answer, ended: true };
  // A call of an OpenAI-compatible client's own tool: never sent to the relay's own clients.
  if (chunk.s === 'tool') return answer;
  if ('st' in chunk) return { ...answer, statuses: withStatus(answer.statuses, chunk.st) };
  if ('state' in chunk) return { ...answer, state: { ...answer.state, ...chunk.state } };
  if ('stateReset' in chunk) return { ...answer, state: {} };
  if ('m' in chunk) return { ...answer, outOfOrder: true };
  if ('d' in chunk) return { ...answer, sources: chunk.d.sources };
  if ('stopped' in chunk) return { ...answer, stopped: chunk.stopped };
  if ('approval' in chunk) return { ...answer, approvals: withApproval(answer.approvals, chunk.approval) };
  return { ...answer, usage: chunk.usage };
}

/** The status lines still in progress while the answer streams (the spinner shows for them). */
export const statusesInProgress = (answer: AnswerState): ChatStatus[] =>
  answer.ended ? [] : answer.statuses.filter((s) => s.inProgress);
