import { describe, expect, it } from 'vitest';
import { emptyHistoryFilter, historyUrl, isoOfLocal } from './history-filter';

describe("the History view's url", () => {
  it('names only the filters set, trimmed', () => {
    expect(historyUrl({ ...emptyHistoryFilter, section: 'featureFlags', actor: ' ann@example.com ' })).toBe(
      '/api/admin/history?kind=changes&section=featureFlags&actor=ann%40example.com',
    );
  });

  it('sessions take no section; a page and the CSV are asked by cursor and format', () => {
    expect(
      historyUrl(
        { ...emptyHistoryFilter, kind: 'sessions', section: 'admins' },
        { cursor: '9.0', csv: true },
      ),
    ).toBe('/api/admin/history?kind=sessions&cursor=9.0&format=csv');
  });

  it('reads a datetime-local value as an ISO time, and a blank or broken one as none', () => {
    expect(isoOfLocal('2026-11-20T14:00')).toBe(new Date('2026-11-20T14:00').toISOString());
    expect(isoOfLocal('')).toBe('');
    expect(isoOfLocal('nonsense')).toBe('');
  });
});
