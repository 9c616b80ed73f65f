import type { AnswerState } from './answer';
import type { ChatTurn } from './types';
import { turnId } from './types';

/** An answer on screen while it streams (or just ended, until its conversation holds it). */
export interface LiveAnswer {
  requestId: string;
  conversationId: string;
  model: string;
  answer: AnswerState;
  /** 'stopping': the kill switch was sent; 'ended': the stream is over. */
  phase: 'streaming' | 'stopping' | 'ended';
  /** This tab runs it (saves it, writes the answer); otherwise it follows another tab's request. */
  owned: boolean;
  /** The question, shown before the conversation holds it. */
  userTurn: ChatTurn | null;
}

export type ViewMessage = { kind: 'stored'; turn: ChatTurn } | { kind: 'live'; live: LiveAnswer };

/**
 * What the message list shows: the conversation's messages, each live answer right after its
 * question; a live answer the conversation already holds shows as stored.
 */
export function conversationView(stored: readonly ChatTurn[], live: readonly LiveAnswer[]): ViewMessage[] {
  const storedIds = new Set(stored.map((t) => t.id));
  const pending = live.filter((l) => !storedIds.has(turnId(l.requestId, 'assistant')));
  const placed = new Set<string>();
  const view: ViewMessage[] = [];
  for (const turn of stored) {
    view.push({ kind: 'stored', turn });
    const answer = turn.role === 'user' ? pending.find((l) => l.requestId === turn.requestId) : undefined;
    if (answer) {
      view.push({ kind: 'live', live: answer });
      placed.add(answer.requestId);
    }
  }
  for (const l of pending) {
    if (placed.has(l.requestId)) continue;
    if (l.userTurn && !storedIds.has(l.userTurn.id)) view.push({ kind: 'stored', turn: l.userTurn });
    view.push({ kind: 'live', live: l });
  }
  return view;
}
