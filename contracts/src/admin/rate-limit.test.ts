import { describe, expect, it } from 'vitest';
import { LegacyRateLimit, RateLimit, rateLimitOf, sameRateLimit } from './rate-limit';
import { AmplifyGroup } from './amplify-groups';
import { PromptCostAlertSection } from './config-values';

describe('RateLimit: the rate-limit selector (digits only, at most 8, shown as dollars and cents)', () => {
  it.each([0, 0.01, 12.34, 999_999.99, 0.07, 25])('accepts %s dollars', (rate) => {
    expect(RateLimit.safeParse({ period: 'Daily', rate }).success).toBe(true);
  });

  it.each([
    ['a negative rate', -1],
    ['more than 2 decimals', 1.234],
    ['more than 8 digits in cents', 1_000_000],
    ['not a number', '5'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('refuses %s', (_name, rate) => {
    expect(RateLimit.safeParse({ period: 'Daily', rate }).success).toBe(false);
  });

  it('Unlimited takes rate 0 or null, nothing else', () => {
    expect(RateLimit.safeParse({ period: 'Unlimited', rate: 0 }).success).toBe(true);
    expect(RateLimit.safeParse({ period: 'Unlimited', rate: null }).success).toBe(true);
    expect(RateLimit.safeParse({ period: 'Unlimited', rate: 5 }).error?.issues[0]?.path).toEqual(['rate']);
  });

  it('every other period needs a rate', () => {
    expect(RateLimit.safeParse({ period: 'Monthly', rate: null }).error?.issues[0]?.message).toBe(
      'is required when the period is Monthly',
    );
  });

  it('only the five periods', () => {
    expect(RateLimit.safeParse({ period: 'Weekly', rate: 1 }).success).toBe(false);
  });

  it('0 and null are the same Unlimited', () => {
    expect(sameRateLimit({ period: 'Unlimited', rate: 0 }, { period: 'Unlimited', rate: null })).toBe(true);
  });
});

describe('rateLimitOf: the legacy plain number is a daily rate', () => {
  it('lifts a number, reads nothing as Unlimited, normalises an object', () => {
    expect(rateLimitOf(7.5)).toEqual({ period: 'Daily', rate: 7.5 });
    expect(rateLimitOf(undefined)).toEqual({ period: 'Unlimited', rate: null });
    expect(rateLimitOf({ period: 'Unlimited', rate: 0 })).toEqual({ period: 'Unlimited', rate: null });
  });

  it('a group may carry the legacy form; it is read as daily and still checked', () => {
    expect(LegacyRateLimit.parse(3)).toEqual({ period: 'Daily', rate: 3 });
    expect(LegacyRateLimit.safeParse(-3).success).toBe(false);
    expect(AmplifyGroup.parse({ groupName: 'Staff', rateLimit: 10 })).toEqual({
      groupName: 'Staff',
      members: [],
      createdBy: '',
      isBillingGroup: false,
      rateLimit: { period: 'Daily', rate: 10 },
    });
    expect(AmplifyGroup.parse({ groupName: 'Staff' }).rateLimit).toEqual({ period: 'Unlimited', rate: null });
  });
});

describe('PromptCostAlertSection: cost step 0.01, minimum 0', () => {
  it.each([0, 0.01, 2.5, 1000])('accepts %s', (cost) => {
    expect(PromptCostAlertSection.safeParse({ isActive: true, alertMessage: '', cost }).success).toBe(true);
  });
  it.each([-0.01, 0.001, '1', null])('refuses %s', (cost) => {
    expect(PromptCostAlertSection.safeParse({ isActive: true, alertMessage: '', cost }).success).toBe(false);
  });
});
