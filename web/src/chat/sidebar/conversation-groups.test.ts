import { describe, expect, it } from 'vitest';
import { groupConversations, groupOf } from './conversation-groups';

/** A local time (the browser's zone), as the list's ISO dates are read. */
const local = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);
const now = local(2026, 3, 12, 9, 30);
const at = (date: Date) => ({ updatedAt: date.toISOString() });

describe('the sidebar groups conversations by day', () => {
  it('given a conversation from this morning, when grouped, then it is Today', () => {
    expect(groupOf(local(2026, 3, 12, 0, 1).toISOString(), now)).toBe('Today');
  });

  it('given one from just before midnight, when grouped, then it is Yesterday', () => {
    expect(groupOf(local(2026, 3, 11, 23, 59).toISOString(), now)).toBe('Yesterday');
    expect(groupOf(local(2026, 3, 11, 0, 0).toISOString(), now)).toBe('Yesterday');
  });

  it('given ones from two to seven days ago, when grouped, then they are Previous 7 days', () => {
    expect(groupOf(local(2026, 3, 10, 23).toISOString(), now)).toBe('Previous 7 days');
    expect(groupOf(local(2026, 3, 5, 0, 0).toISOString(), now)).toBe('Previous 7 days');
  });

  it('given one from eight days ago, when grouped, then it is Older', () => {
    expect(groupOf(local(2026, 3, 4, 23, 59).toISOString(), now)).toBe('Older');
    expect(groupOf(local(2024, 1, 1).toISOString(), now)).toBe('Older');
  });

  it('given a date not understood, when grouped, then it counts as today', () => {
    expect(groupOf('not a date', now)).toBe('Today');
  });

  it('given a list newest first, then groups keep that order and empty groups are left out', () => {
    const items = [
      { id: 'a', ...at(local(2026, 3, 12, 8)) },
      { id: 'b', ...at(local(2026, 3, 12, 7)) },
      { id: 'c', ...at(local(2026, 2, 1)) },
    ];
    expect(groupConversations(items, now).map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Older', ['c']],
    ]);
  });

  it('given nothing, then there is no group', () => {
    expect(groupConversations([], now)).toEqual([]);
  });
});
