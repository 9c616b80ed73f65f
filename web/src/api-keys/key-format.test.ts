import { describe, expect, it } from 'vitest';
import { dateFieldValue, describeHolder, formatExpiry, formatTime, todayFieldValue } from './key-format';

const now = new Date('2026-11-24T12:00:00.000Z');

describe('key dates', () => {
  it('says Never without a time, and shows a time otherwise', () => {
    expect(formatTime(null)).toBe('Never');
    expect(formatTime(undefined)).toBe('Never');
    expect(formatTime('not a date')).toBe('Never');
    expect(formatTime(new Date(2026, 10, 24, 5, 30).toISOString())).toBe('Nov 24, 2026, 5:30 AM');
  });

  it('shows a day of expiry as that day, past ones as expired', () => {
    expect(formatExpiry(null, now)).toBe('Never');
    expect(formatExpiry('2026-12-31', now)).toBe('Dec 31, 2026');
    expect(formatExpiry('2026-11-24', now)).toBe('Nov 24, 2026');
    expect(formatExpiry('2026-11-23', now)).toBe('Expired Nov 23, 2026');
  });

  it('shows a time of expiry as a time', () => {
    const at = new Date(2026, 11, 31, 17, 5);
    expect(formatExpiry(at.toISOString(), now)).toBe('Dec 31, 2026, 5:05 PM');
    expect(formatExpiry(new Date(2026, 0, 2, 9, 0).toISOString(), now)).toBe('Expired Jan 2, 2026, 9:00 AM');
  });

  it("gives the date field a kept expiration's day, and today as its minimum", () => {
    expect(dateFieldValue('2026-12-31')).toBe('2026-12-31');
    expect(dateFieldValue('2026-12-31T10:00:00.000Z')).toBe('2026-12-31');
    expect(dateFieldValue(null)).toBe('');
    expect(todayFieldValue(now)).toBe('2026-11-24');
  });
});

describe('who a key is for', () => {
  it('names the delegate to the owner and the owner to the delegate', () => {
    expect(describeHolder({ owner: 'me@x.org' }, 'me@x.org')).toBe('You');
    expect(describeHolder({ owner: 'me@x.org', delegate: 'd@x.org' }, 'me@x.org')).toBe(
      'Delegated to d@x.org',
    );
    expect(describeHolder({ owner: 'o@x.org', delegate: 'me@x.org' }, 'me@x.org')).toBe(
      'Delegated by o@x.org',
    );
    expect(describeHolder({ owner: 'me@x.org', systemId: 'billing-sync' }, 'me@x.org')).toBe(
      'System key (billing-sync)',
    );
  });
});
