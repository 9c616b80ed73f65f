import { describe, expect, it } from 'vitest';
import { usageScreenMessages } from '@app/contracts';
import { initialPeriod, resolvePeriod, type PeriodState } from './period';

const now = new Date('2026-11-27T13:40:00.000Z');
const state = (s: Partial<PeriodState>): PeriodState => ({ ...initialPeriod(now), ...s });

describe('the usage period', () => {
  it('covers the last 24 hours in whole hours, this one included, one bucket each', () => {
    const p = resolvePeriod(state({ choice: '24h', bucket: 'hour' }), now);
    expect(p).toMatchObject({
      from: '2026-11-26T14:00:00.000Z',
      to: '2026-11-27T14:00:00.000Z',
      bucket: 'hour',
    });
    if (typeof p === 'string') throw new Error(p);
    expect(p.keys).toHaveLength(24);
    expect(p.keys.at(-1)).toBe('2026-11-27T13:00:00.000Z');
  });

  it('covers the last 7 days in whole UTC days, today included, keyed as the API keys days', () => {
    const p = resolvePeriod(state({ choice: '7d', bucket: 'day' }), now);
    expect(p).toMatchObject({ from: '2026-11-21', to: '2026-11-28', bucket: 'day' });
    if (typeof p === 'string') throw new Error(p);
    expect(p.keys).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
  });

  it('covers custom days with both ends included', () => {
    const p = resolvePeriod(
      state({ choice: 'custom', customFrom: '2026-10-01', customTo: '2026-10-03' }),
      now,
    );
    expect(p).toMatchObject({ from: '2026-10-01', to: '2026-10-04' });
  });

  it('says what is wrong with custom days missing or out of order, and hours over too long', () => {
    expect(resolvePeriod(state({ choice: 'custom', customFrom: '' }), now)).toBe(
      usageScreenMessages.customIncomplete,
    );
    expect(
      resolvePeriod(state({ choice: 'custom', customFrom: '2026-10-05', customTo: '2026-10-01' }), now),
    ).toBe(usageScreenMessages.customOrder);
    expect(resolvePeriod(state({ choice: '90d', bucket: 'hour' }), now)).toBe(
      usageScreenMessages.hourTooLong(31),
    );
  });
});
