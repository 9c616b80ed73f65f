import {
  ConversationStorageEventContract,
  configValueDefaults,
  evolveConversationStorage,
  type ConversationStorageEvent,
  type ConversationStorageSection,
} from '@app/contracts';
import { assertNever, plainSnapshot, type Decider } from '../shared/decider';

export type ConversationStorageCommand = {
  type: 'UpdateDefaultConversationStorage';
  data: { storage: ConversationStorageSection };
};

/** Default User Conversation Storage: future-local (Local) or future-cloud (Cloud); future-local at first. */
export const conversationStorageDecider: Decider<
  ConversationStorageSection,
  ConversationStorageCommand,
  ConversationStorageEvent
> = {
  initialState: configValueDefaults.defaultConversationStorage,

  decide: (command, state) => {
    switch (command.type) {
      case 'UpdateDefaultConversationStorage': {
        const { storage } = command.data;
        return storage === state ? [] : [{ type: 'ConversationStorageDefaultChanged', data: { storage } }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve: evolveConversationStorage,
  // The projection's contract: a stored event that does not fit is left out of the fold.
  contract: ConversationStorageEventContract,
  snapshot: plainSnapshot('defaultConversationStorage/2', (j) => typeof j === 'string'),
};
