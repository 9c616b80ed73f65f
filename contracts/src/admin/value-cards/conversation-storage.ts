import { z } from 'zod';
import { defineValueCard, type EventOf } from './value-card';

export const conversationStorageOptions = ['future-local', 'future-cloud'] as const;
export const ConversationStorageSection = z.enum(conversationStorageOptions);
export type ConversationStorageSection = z.infer<typeof ConversationStorageSection>;
/** The radio labels of the card. */
export const conversationStorageLabels: Record<ConversationStorageSection, string> = {
  'future-local': 'Local',
  'future-cloud': 'Cloud',
};

/** Default User Conversation Storage: future-local (Local) or future-cloud (Cloud); future-local at first. */
export const conversationStorageCard = defineValueCard({
  key: 'defaultConversationStorage',
  label: 'Default User Conversation Storage',
  schema: ConversationStorageSection,
  initial: (): ConversationStorageSection => 'future-local',
  events: [
    z.object({
      type: z.literal('ConversationStorageDefaultChanged'),
      data: z.object({ storage: ConversationStorageSection }),
    }),
  ],
  evolve: (_state, event) => event.data.storage,
  form: {
    lead: "Where new users' conversations are kept unless they choose otherwise.",
    field: {
      kind: 'choice',
      label: 'Default storage',
      options: conversationStorageOptions.map((value) => ({
        value,
        label: conversationStorageLabels[value],
      })),
    },
  },
});
export type ConversationStorageEvent = EventOf<typeof conversationStorageCard>;
/** Read by other features too (the chat's limits and storage). */
export const defaultConversationStorageStreamId = conversationStorageCard.streamId;
