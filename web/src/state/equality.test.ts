import { describe, expect, it } from 'vitest';
import { deepEqual, sameMembers } from './equality';

describe('deepEqual', () => {
  it('ignores key order', () => {
    expect(deepEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
  });
  it('sees nested differences', () => {
    expect(deepEqual({ a: { b: [1, 2] } }, { a: { b: [2, 1] } })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
  });
});

describe('sameMembers', () => {
  it('ignores order but not duplicates or length', () => {
    expect(sameMembers(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(sameMembers(['a'], ['a', 'a'])).toBe(false);
  });
});
