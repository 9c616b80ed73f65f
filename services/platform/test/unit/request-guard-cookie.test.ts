import { describe, expect, it } from 'vitest';
import { carriesCookie } from '../../src/http/request-guard';

describe('whether a request rides on the session cookie', () => {
  it('reads the Cookie header as leniently as the cookie parser that authenticates it', () => {
    expect(carriesCookie('session=abc', 'session')).toBe(true);
    expect(carriesCookie('a=1;session=abc', 'session')).toBe(true);
    expect(carriesCookie('a=1; session =abc', 'session')).toBe(true);
    expect(carriesCookie('a=1;\tsession\t=abc', 'session')).toBe(true);
  });

  it('does not take another cookie for it', () => {
    expect(carriesCookie(undefined, 'session')).toBe(false);
    expect(carriesCookie('', 'session')).toBe(false);
    expect(carriesCookie('sessionx=1; xsession=2; Session=3', 'session')).toBe(false);
    expect(carriesCookie('a=session=1', 'session')).toBe(false);
  });
});
