import { describe, expect, it } from 'vitest';
import { keyActions, keyStatus } from './key-actions';

const me = 'me@x.org';

describe('the key-state rules in the panel', () => {
  it('an active key of mine can be rotated, updated and deactivated', () => {
    expect(keyActions({ active: true, owner: me }, me)).toEqual({
      rotate: true,
      update: true,
      deactivate: true,
    });
    expect(keyStatus({ active: true })).toBe('Active');
  });

  it('an inactive key offers nothing: no update, no rotation, no reactivation', () => {
    expect(keyActions({ active: false, owner: me }, me)).toEqual({
      rotate: false,
      update: false,
      deactivate: false,
    });
    expect(keyActions({ active: false, owner: 'o@x.org', delegate: me }, me).rotate).toBe(false);
    expect(keyStatus({ active: false })).toBe('Inactive');
  });

  it('the owner of a delegated key updates it; only the delegate rotates it; either deactivates it', () => {
    expect(keyActions({ active: true, owner: me, delegate: 'd@x.org' }, me)).toEqual({
      rotate: false,
      update: true,
      deactivate: true,
    });
    expect(keyActions({ active: true, owner: 'o@x.org', delegate: me }, me)).toEqual({
      rotate: true,
      update: false,
      deactivate: true,
    });
  });
});
