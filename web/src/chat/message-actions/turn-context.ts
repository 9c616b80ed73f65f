import type { ConversationStorage } from '@app/contracts';
import type { ShownTurn } from '../versions/shown-turns';

/** What a message's actions need of its turn: the turn shown, its conversation, whether an answer streams there. */
export interface TurnContext {
  turn: ShownTurn;
  conversationId: string;
  storage: ConversationStorage;
  /** An answer streams in the conversation: edits and regenerates wait for it to end. */
  busy: boolean;
}
