import { describe, expect, it } from 'vitest';
import { canonicalHash } from '../../src/http/canonical-json';

describe('canonicalHash: the same JSON value, whatever its key order, hashes the same', () => {
  it('key order and undefined members do not count; values, types and array order do', () => {
    const a = canonicalHash(['POST', '/r', { b: [1, { y: 2, x: 'é' }], a: null }]);
    expect(canonicalHash(['POST', '/r', { a: null, b: [1, { x: 'é', y: 2 }], c: undefined }])).toBe(a);
    expect(canonicalHash(['POST', '/r', { a: null, b: [{ x: 'é', y: 2 }, 1] }])).not.toBe(a);
    expect(canonicalHash(['POST', '/r', { a: null, b: ['1', { x: 'é', y: 2 }] }])).not.toBe(a);
    expect(canonicalHash(['POST', '/other', { a: null, b: [1, { x: 'é', y: 2 }] }])).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keys are quoted: a key holding a quote or colon cannot pass for another body', () => {
    expect(canonicalHash({ 'a":"b': 1 })).not.toBe(canonicalHash({ a: 'b":1' }));
    expect(canonicalHash(JSON.parse('{"__proto__": 1}'))).not.toBe(canonicalHash({}));
  });

  it('a value nested deeper than the call stack is hashed, not a stack overflow', () => {
    const depth = 200_000;
    const deep: unknown = JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(canonicalHash(deep)).toMatch(/^[0-9a-f]{64}$/);
  });
});
