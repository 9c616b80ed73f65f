import { describe, expect, it } from 'vitest';
import {
  appendDigit,
  describeRateLimit,
  dropDigit,
  formatRate,
  rateFromInput,
  withPeriod,
  withRate,
} from './rate-input';

describe('rate input', () => {
  it('reads digits as cents, whatever else is typed', () => {
    expect(rateFromInput('1234')).toBe(12.34);
    expect(rateFromInput('$12.345')).toBe(123.45);
    expect(rateFromInput('$0.001')).toBe(0.01);
    expect(rateFromInput('abc')).toBe(0);
    expect(rateFromInput('')).toBe(0);
    expect(rateFromInput('0007')).toBe(0.07);
  });

  it('takes at most 8 digits', () => {
    expect(rateFromInput('99999999')).toBe(999999.99);
    expect(rateFromInput('123456789')).toBeNull();
    expect(rateFromInput('$999,999.999')).toBeNull();
  });

  it('types digits at the end like a till, and Backspace drops the last one', () => {
    let rate = 0;
    for (const digit of '1234') rate = appendDigit(rate, digit) ?? rate;
    expect(rate).toBe(12.34);
    expect(appendDigit(999999.99, '1')).toBeNull();
    expect(dropDigit(12.34)).toBe(1.23);
    expect(dropDigit(0.05)).toBe(0);
    expect(dropDigit(0)).toBe(0);
  });

  it('shows dollars and cents', () => {
    expect(formatRate(12.34)).toBe('$12.34');
    expect(formatRate(0)).toBe('$0.00');
    expect(formatRate(0.07)).toBe('$0.07');
    expect(formatRate(999999.99)).toBe('$999,999.99');
  });

  it('Unlimited drops the rate; a limited period keeps it or starts at 0', () => {
    expect(withPeriod({ period: 'Daily', rate: 5 }, 'Unlimited')).toEqual({
      period: 'Unlimited',
      rate: null,
    });
    expect(withPeriod({ period: 'Unlimited', rate: null }, 'Hourly')).toEqual({ period: 'Hourly', rate: 0 });
    expect(withPeriod({ period: 'Daily', rate: 5 }, 'Monthly')).toEqual({ period: 'Monthly', rate: 5 });
  });

  it('changes the rate of a limited period only', () => {
    expect(withRate({ period: 'Daily', rate: 1 }, (r) => r + 1)).toEqual({ period: 'Daily', rate: 2 });
    expect(withRate({ period: 'Unlimited', rate: null }, () => 5)).toEqual({
      period: 'Unlimited',
      rate: null,
    });
  });

  it('describes a limit in words', () => {
    expect(describeRateLimit({ period: 'Unlimited', rate: null })).toBe('Unlimited');
    expect(describeRateLimit({ period: 'Daily', rate: 12.34 })).toBe('$12.34 per day');
    expect(describeRateLimit({ period: 'Total', rate: 1 })).toBe('$1.00 in total');
  });
});
