import { describe, expect, it } from 'vitest';
import { notifiedChangeIsNew } from '../../src/live/notified-seq';

describe('a NOTIFY on the changes channel', () => {
  it('naming a change pushed already: no read', () => {
    expect(notifiedChangeIsNew('41', '42')).toBe(false);
    expect(notifiedChangeIsNew('42', '42')).toBe(false);
  });

  it('naming a newer change: a read', () => {
    expect(notifiedChangeIsNew('43', '42')).toBe(true);
    expect(notifiedChangeIsNew('100', '99')).toBe(true);
  });

  it('naming none, or anything else: a read', () => {
    expect(notifiedChangeIsNew('', '42')).toBe(true);
    expect(notifiedChangeIsNew('4x', '42')).toBe(true);
    expect(notifiedChangeIsNew('1'.repeat(40), '42')).toBe(true);
  });
});
