import { describe, expect, it } from 'vitest';
import { changedByText, formatChangedAt } from './changed-by';

describe('changed by', () => {
  it('formats the moment as day, short month, year and 24-hour time', () => {
    expect(formatChangedAt('2026-11-22T04:10:59.000Z', 'UTC')).toBe('22 Nov 2026 04:10');
    expect(formatChangedAt('2026-01-05T23:05:00.000Z', 'UTC')).toBe('5 Jan 2026 23:05');
    expect(formatChangedAt('2026-01-05T23:05:00.000Z', 'Europe/Paris')).toBe('6 Jan 2026 00:05');
    expect(formatChangedAt('not a date')).toBeNull();
  });

  it('names who changed the section and when', () => {
    expect(
      changedByText({ version: 3, changedBy: 'ann@example.com', changedAt: '2026-11-22T04:10:00Z' }, 'UTC'),
    ).toBe('Last changed by ann@example.com, 22 Nov 2026 04:10');
    expect(changedByText({ version: 3, changedBy: 'ann@example.com', changedAt: null })).toBe(
      'Last changed by ann@example.com',
    );
  });

  it('says nothing while nobody changed it', () => {
    expect(changedByText(null)).toBeNull();
    expect(changedByText({ version: 0, changedBy: null, changedAt: null })).toBeNull();
  });
});
