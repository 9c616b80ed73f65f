import type { AnswerState } from './answer';
import type { ChatTurn } from './types';

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
