import { describe, expect, it } from 'vitest';
import { createMatrixCache, type DocumentMatrix } from '../../src/vectors/matrix-cache';

const matrixOf = (sha256: string, version: string, rows: number): DocumentMatrix => ({
  sha256,
  version,
  dims: 4,
  indexes: new Int32Array(rows),
  matrix: new Float32Array(rows * 4),
});

describe("the exact scan's in-memory matrices", () => {
  it('given the same version, answers the kept matrix; given another, drops it', () => {
    const cache = createMatrixCache(1_000_000);
    const m = matrixOf('a', '1', 10);
    cache.set(m);
    expect(cache.get('a', '1')).toBe(m);
    expect(cache.get('a', '2')).toBeUndefined();
    expect(cache.get('a', '1')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ documents: 0, bytes: 0, hits: 1 });
  });

  it('when over its bound, drops the least recently used first', () => {
    // Each matrix: 100 rows × 4 floats + 100 indexes = 2,000 bytes (+ 200 counted for the entry).
    const cache = createMatrixCache(5_000);
    cache.set(matrixOf('a', '1', 100));
    cache.set(matrixOf('b', '1', 100));
    expect(cache.get('a', '1')).toBeDefined();
    cache.set(matrixOf('c', '1', 100));
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBeDefined();
    expect(cache.get('c', '1')).toBeDefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(5_000);
  });

  it('given a bound of 0, is off; invalidate drops one document', () => {
    expect(createMatrixCache(0).enabled).toBe(false);
    const cache = createMatrixCache(1_000_000);
    cache.set(matrixOf('a', '1', 1));
    cache.invalidate('a');
    expect(cache.get('a', '1')).toBeUndefined();
  });
});
