import type { ToolApprovalChunkData } from '@app/contracts';

/** An 'Ask first' question of an answer: the call it is about and where its answer stands. */
export type ToolApproval = ToolApprovalChunkData;

const isFinal = (state: ToolApproval['state']): boolean => state !== 'asked';

/**
 * Folds an `approval` chunk into the answer's questions (pure): the first chunk of a call adds its
 * question, a later one with the same `callId` gives its final state (the question's tool, server and
 * arguments stay). A final state is never undone by an 'asked' replayed after it.
 */
export function withApproval(approvals: readonly ToolApproval[], next: ToolApproval): ToolApproval[] {
  const index = approvals.findIndex((a) => a.callId === next.callId);
  if (index === -1) return [...approvals, next];
  const current = approvals[index];
  if (!current || (isFinal(current.state) && !isFinal(next.state))) return [...approvals];
  const merged: ToolApproval = {
    ...current,
    state: next.state,
    arguments: current.arguments !== '' ? current.arguments : next.arguments,
  };
  return approvals.map((a, i) => (i === index ? merged : a));
}

/** Whether a question still waits for its owner's answer: asked, and the answer still streams. */
export const awaitsAnswer = (approval: ToolApproval, ended: boolean): boolean =>
  approval.state === 'asked' && !ended;

/** The arguments as shown: JSON indented when it is JSON (it may be cut short), else as sent. */
export const shownArguments = (text: string): string => {
  try {
    return JSON.stringify(JSON.parse(text) as unknown, null, 2);
  } catch {
    return text;
  }
};
