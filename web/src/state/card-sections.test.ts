import { describe, expect, it } from 'vitest';
import { defaultAmplifyGroup } from '@app/contracts';
import { cardSectionDefs, sameAmplifyGroups } from './card-sections';

describe('card section equality', () => {
  it('rate limits: an Unlimited rate of 0 is the same as null', () => {
    const { equals } = cardSectionDefs.rateLimit;
    expect(equals({ period: 'Unlimited', rate: 0 }, { period: 'Unlimited', rate: null })).toBe(true);
    expect(equals({ period: 'Daily', rate: 1 }, { period: 'Daily', rate: 1.01 })).toBe(false);
  });

  it('support email and prompt cost alert compare every field', () => {
    expect(
      cardSectionDefs.emailSupport.equals(
        { isActive: true, email: 'a@x.org' },
        { isActive: true, email: 'a@x.org' },
      ),
    ).toBe(true);
    expect(
      cardSectionDefs.emailSupport.equals(
        { isActive: true, email: 'a@x.org' },
        { isActive: false, email: 'a@x.org' },
      ),
    ).toBe(false);
    const alert = { isActive: true, alertMessage: 'Spent <totalCost>', cost: 1.5 };
    expect(cardSectionDefs.promtCostAlert.equals(alert, { ...alert })).toBe(true);
    expect(cardSectionDefs.promtCostAlert.equals(alert, { ...alert, cost: 1.51 })).toBe(false);
  });

  it('amplify groups: members and inclusions are sets, a system group differs from an empty inclusion list', () => {
    const a = {
      ...defaultAmplifyGroup('A', 'me@x.org'),
      members: ['b@x.org', 'a@x.org'],
      includeFromOtherGroups: ['B', 'C'],
    };
    const same = { ...a, members: ['a@x.org', 'b@x.org'], includeFromOtherGroups: ['C', 'B'] };
    expect(sameAmplifyGroups({ A: a }, { A: same })).toBe(true);
    const { includeFromOtherGroups: _none, ...system } = defaultAmplifyGroup('A', 'me@x.org');
    expect(sameAmplifyGroups({ A: defaultAmplifyGroup('A', 'me@x.org') }, { A: system })).toBe(false);
    expect(sameAmplifyGroups({ A: a }, { A: { ...a, isBillingGroup: true } })).toBe(false);
    expect(sameAmplifyGroups({ A: a }, { B: a })).toBe(false);
    expect(sameAmplifyGroups({ A: a }, {})).toBe(false);
  });
});
