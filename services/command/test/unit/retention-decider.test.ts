import { describe, expect, it } from 'vitest';
import { RetentionSection, retentionMessages, type RetentionEvent } from '@app/contracts';
import { retentionDecider } from '../../src/configurations/retention';
import { conversationDecider } from '../../src/conversations/conversation-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(retentionDecider);
type E = RetentionEvent;
const save = (data: Partial<RetentionSection>) => ({
  type: 'UpdateRetention' as const,
  data: { conversationDays: null, streamReplayHours: null, legalHoldUsers: [], legalHoldGroups: [], ...data },
});

describe('retention decider', () => {
  it('the defaults (forever, ten minutes, no hold) saved again append nothing', () => {
    given([]).when(save({})).then([]);
  });

  it('periods and holds: only what changed, the periods first, removals before additions', () => {
    const before: E[] = [
      { type: 'ConversationRetentionChanged', data: { days: 30 } },
      { type: 'LegalHoldUserAdded', data: { email: 'old@example.com' } },
    ];
    given(before)
      .when(
        save({
          conversationDays: 30,
          streamReplayHours: 2,
          legalHoldUsers: ['Kept@Example.com'],
          legalHoldGroups: ['Legal'],
        }),
      )
      .then([
        { type: 'StreamReplayRetentionChanged', data: { hours: 2 } },
        { type: 'LegalHoldUserRemoved', data: { email: 'old@example.com' } },
        { type: 'LegalHoldUserAdded', data: { email: 'kept@example.com' } },
        { type: 'LegalHoldGroupAdded', data: { groupName: 'Legal' } },
      ]);
  });

  it('back to forever', () => {
    given([{ type: 'ConversationRetentionChanged', data: { days: 1 } }])
      .when(save({ conversationDays: null }))
      .then([{ type: 'ConversationRetentionChanged', data: { days: null } }]);
  });

  it('a user held twice is refused', () => {
    given([])
      .when(save({ legalHoldUsers: ['a@example.com', 'A@example.com'] }))
      .thenThrows(retentionMessages.heldUserTwice('a@example.com'));
  });
});

describe('retention section bounds (the save answers 400 with these)', () => {
  const parse = (data: Partial<RetentionSection>) =>
    RetentionSection.safeParse({ ...save({}).data, ...data }).error?.issues[0]?.message;
  it('days out of bounds or not whole', () => {
    expect(parse({ conversationDays: 0 })).toBe(retentionMessages.conversationDays);
    expect(parse({ conversationDays: 3651 })).toBe(retentionMessages.conversationDays);
    expect(parse({ conversationDays: 1.5 })).toBe(retentionMessages.conversationDays);
  });
  it('replay hours out of bounds', () => {
    expect(parse({ streamReplayHours: 169 })).toBe(retentionMessages.streamReplayHours);
  });
  it('a held user that is not an email', () => {
    expect(parse({ legalHoldUsers: ['nobody'] })).toBe('must be a valid email address');
  });
});

describe('conversation decider: expiry', () => {
  const spec = DeciderSpecification.for(conversationDecider);
  const data = { conversationId: 'c1', owner: 'u@example.com', lastActivityAt: '2026-01-01T00:00:00.000Z' };
  it('expires once per last activity', () => {
    spec([])
      .when({ type: 'ExpireConversation', data })
      .then([{ type: 'ConversationExpired', data }]);
    spec([{ type: 'ConversationExpired', data }])
      .when({ type: 'ExpireConversation', data })
      .then([]);
  });
  it('expires again after later activity', () => {
    const later = { ...data, lastActivityAt: '2026-02-01T00:00:00.000Z' };
    spec([{ type: 'ConversationExpired', data }])
      .when({ type: 'ExpireConversation', data: later })
      .then([{ type: 'ConversationExpired', data: later }]);
  });
});
