import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SealedText } from '@app/contracts';
import { createKeyCache, openTextUnder, sealTextUnder } from '@app/platform';

const key = randomBytes(32);
const text = 'Plan a trip to Lisbon, then tell me: ¿qué tal Porto? 🚋';

describe('sealed conversation text', () => {
  it('opens to the text with its key and purpose, and fits the contract', () => {
    const sealed = sealTextUnder(key, 'k-1', 'chat-answer|r1', text);
    expect(SealedText.safeParse(sealed).success).toBe(true);
    expect(openTextUnder(key, sealed, 'chat-answer|r1')).toBe(text);
  });

  it('carries nothing of the text in clear, and seals the same text differently each time', () => {
    const a = sealTextUnder(key, 'k-1', 'p', text);
    const b = sealTextUnder(key, 'k-1', 'p', text);
    expect(Object.keys(a).sort()).toEqual(['ciphertext', 'dataKeyId', 'iv', 'tag', 'v']);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    const shown = JSON.stringify(a);
    for (const word of ['Lisbon', 'Porto', 'trip', 'qué']) expect(shown).not.toContain(word);
    expect(shown).not.toContain(Buffer.from(text).toString('base64url').slice(0, 12));
  });

  it('does not open under another key, for another purpose, or as another data key', () => {
    const sealed = sealTextUnder(key, 'k-1', 'chat-messages|r1', text);
    expect(() => openTextUnder(randomBytes(32), sealed, 'chat-messages|r1')).toThrow();
    expect(() => openTextUnder(key, sealed, 'chat-answer|r1')).toThrow();
    expect(() => openTextUnder(key, sealed, 'chat-messages|r2')).toThrow();
    expect(() => openTextUnder(key, { ...sealed, dataKeyId: 'k-2' }, 'chat-messages|r1')).toThrow();
    const flipped = Buffer.from(sealed.ciphertext, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      openTextUnder(key, { ...sealed, ciphertext: flipped.toString('base64url') }, 'chat-messages|r1'),
    ).toThrow();
  });
});

describe('the cache of unwrapped keys', () => {
  it('finds a key only under the wrapped form it came from', () => {
    const cache = createKeyCache({ max: 4, ttlMs: 1000 });
    const k = randomBytes(32);
    cache.set('k-1', 'wrapped-a', k);
    expect(cache.get('k-1', 'wrapped-a')).toBe(k);
    expect(cache.get('k-1', 'wrapped-b')).toBeUndefined();
  });

  it('keeps the most recently used, drops and zeroes the oldest past its bound', () => {
    const cache = createKeyCache({ max: 2, ttlMs: 1000 });
    const [a, b, c] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    cache.set('a', 'w', a);
    cache.set('b', 'w', b);
    expect(cache.get('a', 'w')).toBe(a);
    cache.set('c', 'w', c);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 'w')).toBeUndefined();
    expect(b.equals(Buffer.alloc(32))).toBe(true);
    expect(cache.get('a', 'w')).toBe(a);
  });

  it('forgets an entry past its time, and a key destroyed here', () => {
    let now = 0;
    const cache = createKeyCache({ max: 8, ttlMs: 100, now: () => now });
    const k = randomBytes(32);
    cache.set('k', 'w', k);
    now = 100;
    expect(cache.get('k', 'w')).toBeUndefined();
    expect(k.equals(Buffer.alloc(32))).toBe(true);
    const j = randomBytes(32);
    cache.set('j', 'w', j);
    cache.forget('j');
    expect(cache.get('j', 'w')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
