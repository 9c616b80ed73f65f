import { describe, expect, it } from 'vitest';
import { chatMessages, defaultAccount, nameMapFrom, type AmplifyGroup, type RateLimit } from '@app/contracts';
import { planLedgers } from '../../src/spend/applicable-limits';

const ann = 'Ann@Example.com';
const unlimited: RateLimit = { period: 'Unlimited', rate: null };
const group = (groupName: string, g: Partial<AmplifyGroup>): AmplifyGroup => ({
  groupName,
  members: [],
  createdBy: 'admin@example.com',
  includeFromOtherGroups: [],
  isBillingGroup: false,
  rateLimit: unlimited,
  ...g,
});
const groups = (...gs: AmplifyGroup[]) => nameMapFrom(gs.map((g) => [g.groupName, g] as const));

describe('the ledgers and limits of a request', () => {
  it("the user's ledger always, even without any limit", () => {
    expect(
      planLedgers({ email: ann, userLimit: unlimited, groups: groups(), account: defaultAccount() }),
    ).toEqual([{ streamId: 'spend-user-ann@example.com', limits: [] }]);
  });

  it("the card and non-billing groups count the user's ledger; a billing group and an account have their own", () => {
    const plan = planLedgers({
      email: ann,
      userLimit: { period: 'Daily', rate: 10 },
      groups: groups(
        group('Billing', {
          members: ['ann@example.com'],
          isBillingGroup: true,
          rateLimit: { period: 'Monthly', rate: 100 },
        }),
        group('Team', {
          members: [],
          includeFromOtherGroups: ['Inner'],
          rateLimit: { period: 'Hourly', rate: 2 },
        }),
        group('Inner', { members: ['ann@example.com'] }),
        group('Other', { members: ['bob@example.com'], rateLimit: { period: 'Daily', rate: 1 } }),
      ),
      account: { id: 'proj-1', name: 'Project One', rateLimit: { period: 'Total', rate: 50 } },
    });
    expect(plan).toEqual([
      {
        streamId: 'spend-user-ann@example.com',
        limits: [
          { name: chatMessages.userLimitName, period: 'Daily', rate: 10 },
          { name: chatMessages.groupLimitName('Team'), period: 'Hourly', rate: 2 },
        ],
      },
      {
        streamId: 'spend-group-Billing',
        limits: [{ name: chatMessages.groupLimitName('Billing'), period: 'Monthly', rate: 100 }],
      },
      {
        streamId: 'spend-account-ann@example.com-proj-1',
        limits: [{ name: chatMessages.accountLimitName('Project One'), period: 'Total', rate: 50 }],
      },
    ]);
  });

  it('an Unlimited billing group or account has no ledger', () => {
    const plan = planLedgers({
      email: ann,
      userLimit: unlimited,
      groups: groups(group('Billing', { members: ['ann@example.com'], isBillingGroup: true })),
      account: { id: 'proj-1', name: 'Project One', rateLimit: unlimited },
    });
    expect(plan.map((p) => p.streamId)).toEqual(['spend-user-ann@example.com']);
  });
});
