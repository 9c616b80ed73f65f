import {
  normaliseEmail,
  retentionCard,
  retentionMessages,
  type RetentionEvent,
  type RetentionSection,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { valueCardDecider } from './value-card-decider';

export type RetentionCommand = { type: 'UpdateRetention'; data: RetentionSection };

type E = RetentionEvent;

const firstTwice = (list: readonly string[]): string | undefined =>
  list.find((item, i) => list.indexOf(item) !== i);

/**
 * Retention (docs/architecture.md, "Retention"): the schema already refused days and hours out of
 * their bounds and lists too long. Held emails are lower-cased; a user or group listed twice is
 * refused. Only what changed is appended: the periods, then each hold removed, then each added.
 */
export const retentionDecider = valueCardDecider(retentionCard, {
  snapshot: 'retention/1',
  command: (data): RetentionCommand => ({ type: 'UpdateRetention', data }),
  decide: (command, state) => {
    const { conversationDays, streamReplayHours } = command.data;
    const users = command.data.legalHoldUsers.map(normaliseEmail);
    const groups = command.data.legalHoldGroups.map((g) => g.trim());
    const userTwice = firstTwice(users);
    if (userTwice !== undefined) throw new DomainError(retentionMessages.heldUserTwice(userTwice));
    const groupTwice = firstTwice(groups);
    if (groupTwice !== undefined) throw new DomainError(retentionMessages.heldGroupTwice(groupTwice));
    const events: E[] = [];
    if (conversationDays !== state.conversationDays)
      events.push({ type: 'ConversationRetentionChanged', data: { days: conversationDays } });
    if (streamReplayHours !== state.streamReplayHours)
      events.push({ type: 'StreamReplayRetentionChanged', data: { hours: streamReplayHours } });
    for (const email of state.legalHoldUsers)
      if (!users.includes(email)) events.push({ type: 'LegalHoldUserRemoved', data: { email } });
    for (const groupName of state.legalHoldGroups)
      if (!groups.includes(groupName)) events.push({ type: 'LegalHoldGroupRemoved', data: { groupName } });
    for (const email of users)
      if (!state.legalHoldUsers.includes(email)) events.push({ type: 'LegalHoldUserAdded', data: { email } });
    for (const groupName of groups)
      if (!state.legalHoldGroups.includes(groupName))
        events.push({ type: 'LegalHoldGroupAdded', data: { groupName } });
    return events;
  },
});
