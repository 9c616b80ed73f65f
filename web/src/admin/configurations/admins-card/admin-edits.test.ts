import { describe, expect, it } from 'vitest';
import { addAdmins, removeAdmins, sortedAdmins } from './admin-edits';

describe('admin edits', () => {
  it('adds without duplicates', () => {
    expect(addAdmins(['a@x.org'], ['b@x.org', 'a@x.org'])).toEqual(['a@x.org', 'b@x.org']);
  });
  it('removes the selected ones', () => {
    expect(removeAdmins(['a@x.org', 'b@x.org', 'c@x.org'], new Set(['a@x.org', 'c@x.org']))).toEqual([
      'b@x.org',
    ]);
  });
  it('sorts for display', () => {
    expect(sortedAdmins(['c@x.org', 'a@x.org'])).toEqual(['a@x.org', 'c@x.org']);
  });
});
