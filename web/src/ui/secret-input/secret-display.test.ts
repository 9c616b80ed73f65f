import { describe, expect, it } from 'vitest';
import { maskOf } from '@app/contracts';
import { needsReveal, shownValue } from './secret-display';

const mask = maskOf('abcd');

describe('shownValue', () => {
  it('a saved value shows nothing until revealed', () => {
    expect(shownValue(mask, null)).toBe('');
    expect(needsReveal(mask, null)).toBe(true);
  });

  it('a revealed value shows in clear while the mask is the same', () => {
    const revealed = { forMask: mask, value: 'secret-abcd' };
    expect(shownValue(mask, revealed)).toBe('secret-abcd');
    expect(needsReveal(mask, revealed)).toBe(false);
  });

  it('a reveal of another mask (the value changed since) is not shown', () => {
    const revealed = { forMask: maskOf('wxyz'), value: 'old-wxyz' };
    expect(shownValue(mask, revealed)).toBe('');
    expect(needsReveal(mask, revealed)).toBe(true);
  });

  it('a value typed in the dialog shows as typed and needs no reveal', () => {
    expect(shownValue('typed', { forMask: mask, value: 'x' })).toBe('typed');
    expect(needsReveal('typed', null)).toBe(false);
  });
});
