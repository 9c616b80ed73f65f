import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextAt } from '../../src/http/storable-text';

describe('text a database can store', () => {
  it('refuses a NUL character and lone surrogates, and keeps every real character', () => {
    expect(isStorableText('plain')).toBe(true);
    expect(isStorableText('émoji 😀, 中文, \u2028')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800')).toBe(false);
    expect(isStorableText('\udc00a')).toBe(false);
    expect(isStorableText('\ud83d\ude00')).toBe(true);
  });

  it('names where in a body the text is, for values and for names', () => {
    expect(unstorableTextAt({ a: [1, 'ok', { b: 'x\u0000' }] }, 'body')).toBe('body.a.2.b');
    expect(unstorableTextAt({ flags: { 'bad\u0000name': {} } }, 'body')).toBe('body.flags');
    expect(unstorableTextAt('\ud800', 'query')).toBe('query');
    expect(unstorableTextAt({ a: 'fine', b: [null, true, 3] }, 'body')).toBeNull();
    expect(unstorableTextAt(undefined, 'body')).toBeNull();
  });

  it('walks a body nested deeper than the call stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(unstorableTextAt(deep, 'body')).toMatch(/^body(\.0)+$/);
  });
});
