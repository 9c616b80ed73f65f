import { conversationStorageCard, type ConversationStorageSection } from '@app/contracts';
import { valueCardDecider } from './value-card-decider';

export type ConversationStorageCommand = {
  type: 'UpdateDefaultConversationStorage';
  data: { storage: ConversationStorageSection };
};

/** Default User Conversation Storage: future-local (Local) or future-cloud (Cloud); future-local at first. */
export const conversationStorageDecider = valueCardDecider(conversationStorageCard, {
  snapshot: 'defaultConversationStorage/2',
  command: (storage): ConversationStorageCommand => ({
    type: 'UpdateDefaultConversationStorage',
    data: { storage },
  }),
  decide: (command, state) => {
    const { storage } = command.data;
    return storage === state ? [] : [{ type: 'ConversationStorageDefaultChanged', data: { storage } }];
  },
});
