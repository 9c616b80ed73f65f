import { z } from 'zod';
import { initialRetention, RetentionSection } from '../../retention/retention-section';
import { defineValueCard, unexpectedEvent, type EventOf } from './value-card';

const sameMembers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * Retention: days cloud conversations are kept (null: forever), hours chat stream replays are kept
 * (null: ten minutes), and the legal hold (users and Amplify groups never expired). The hold lists
 * are sets: added and removed one by one in the log.
 */
export const retentionCard = defineValueCard({
  key: 'retention',
  label: 'Retention',
  schema: RetentionSection,
  initial: initialRetention,
  events: [
    z.object({
      type: z.literal('ConversationRetentionChanged'),
      data: z.object({ days: z.number().int().positive().nullable() }),
    }),
    z.object({
      type: z.literal('StreamReplayRetentionChanged'),
      data: z.object({ hours: z.number().int().positive().nullable() }),
    }),
    z.object({ type: z.literal('LegalHoldUserAdded'), data: z.object({ email: z.string() }) }),
    z.object({ type: z.literal('LegalHoldUserRemoved'), data: z.object({ email: z.string() }) }),
    z.object({ type: z.literal('LegalHoldGroupAdded'), data: z.object({ groupName: z.string() }) }),
    z.object({ type: z.literal('LegalHoldGroupRemoved'), data: z.object({ groupName: z.string() }) }),
  ],
  evolve: (state, event) => {
    switch (event.type) {
      case 'ConversationRetentionChanged':
        return { ...state, conversationDays: event.data.days };
      case 'StreamReplayRetentionChanged':
        return { ...state, streamReplayHours: event.data.hours };
      case 'LegalHoldUserAdded':
        return { ...state, legalHoldUsers: [...state.legalHoldUsers, event.data.email] };
      case 'LegalHoldUserRemoved':
        return { ...state, legalHoldUsers: state.legalHoldUsers.filter((e) => e !== event.data.email) };
      case 'LegalHoldGroupAdded':
        return { ...state, legalHoldGroups: [...state.legalHoldGroups, event.data.groupName] };
      case 'LegalHoldGroupRemoved':
        return {
          ...state,
          legalHoldGroups: state.legalHoldGroups.filter((g) => g !== event.data.groupName),
        };
      default:
        return unexpectedEvent(event);
    }
  },
  same: (a, b) =>
    a.conversationDays === b.conversationDays &&
    a.streamReplayHours === b.streamReplayHours &&
    sameMembers(a.legalHoldUsers, b.legalHoldUsers) &&
    sameMembers(a.legalHoldGroups, b.legalHoldGroups),
});
export type RetentionEvent = EventOf<typeof retentionCard>;
/** Read by the workers (expiry) and the chat streams (replay retention). */
export const retentionStreamId = retentionCard.streamId;
