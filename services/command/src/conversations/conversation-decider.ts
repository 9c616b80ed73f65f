import type {
  ConversationEvent,
  ConversationExpiredData,
  ConversationExpiredEvent,
  ConversationImportedData,
  ConversationSettingsChangedData,
} from '@app/contracts';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

/**
 * A conversation stream's state: the name it was last given (null: never, or since deleted), and the
 * last activity it was expired at (retention: null, never).
 */
export interface ConversationState {
  name: string | null;
  expiredThrough?: string | null;
}

export type ConversationCommand =
  | { type: 'RenameConversation'; data: { conversationId: string; name: string } }
  | { type: 'DeleteConversation'; data: { conversationId: string } }
  /** The user turned to a version of a turn: `requestId`, a request of this conversation (the handler's check). */
  | { type: 'ChooseVersion'; data: { conversationId: string; requestId: string } }
  /** The user saved the conversation's own settings (conversation-settings.ts): recorded each save. */
  | { type: 'ChangeConversationSettings'; data: ConversationSettingsChangedData }
  /** A conversation imported from a file (import-conversations.ts): only into a new stream. */
  | { type: 'ImportConversation'; data: ConversationImportedData }
  /** Retention expires it (docs/architecture.md, "Retention"): once per last activity. */
  | { type: 'ExpireConversation'; data: ConversationExpiredData };

/**
 * One conversation of one user (stream `conversationStreamId(owner, conversationId)`): renamed,
 * deleted (its requests stay in the log; a later request in it starts it again), or a version of one
 * of its turns turned to (each time: the log shows which version the user kept reading). Whether the
 * user has the conversation, and the request is one of it, is the handler's check, before this runs.
 */
export const conversationDecider: Decider<
  ConversationState,
  ConversationCommand,
  ConversationEvent | ConversationExpiredEvent
> = {
  initialState: () => ({ name: null }),

  decide: (command, state) => {
    switch (command.type) {
      case 'RenameConversation': {
        const { conversationId, name } = command.data;
        return name === state.name ? [] : [{ type: 'ConversationRenamed', data: { conversationId, name } }];
      }
      case 'DeleteConversation':
        return [{ type: 'ConversationDeleted', data: { conversationId: command.data.conversationId } }];
      case 'ChooseVersion': {
        const { conversationId, requestId } = command.data;
        return [{ type: 'ConversationVersionChosen', data: { conversationId, requestId } }];
      }
      case 'ChangeConversationSettings': {
        const { conversationId, instructions, temperature } = command.data;
        return [{ type: 'ConversationSettingsChanged', data: { conversationId, instructions, temperature } }];
      }
      case 'ImportConversation':
        return [{ type: 'ConversationImported', data: command.data }];
      case 'ExpireConversation':
        // A second run over the same last activity (a read model not yet caught up) appends nothing.
        return state.expiredThrough === command.data.lastActivityAt
          ? []
          : [{ type: 'ConversationExpired', data: command.data }];
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'ConversationRenamed':
        return { ...state, name: event.data.name };
      case 'ConversationDeleted':
        return { ...state, name: null };
      case 'ConversationExpired':
        return { name: null, expiredThrough: event.data.lastActivityAt };
      case 'ConversationVersionChosen':
      case 'ConversationSettingsChanged':
      case 'ConversationImported':
        return state;
      default:
        return assertNever(event);
    }
  },

  snapshot: plainSnapshot('conversation/1', (j) => isPlainObject(j) && 'name' in j),
};
