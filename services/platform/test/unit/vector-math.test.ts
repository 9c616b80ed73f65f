import { describe, expect, it } from 'vitest';
import { dotAt, float32Bytes, float32View, normalised, topK } from '../../src/vectors/vector-math';

describe('the stored form of a vector (little-endian float32)', () => {
  const v = [0.5, -1.25, 3, 1e-3, 7];

  it('given bytes at an offset that is a multiple of 4, reads them in place (no copy)', () => {
    const b = float32Bytes(v);
    const block = Buffer.alloc(4 + b.length);
    b.copy(block, 4);
    const bytes = block.subarray(4);
    const view = float32View(bytes)!;
    expect(view.buffer).toBe(bytes.buffer);
    expect(view.byteOffset).toBe(bytes.byteOffset);
    expect(Array.from(view)).toEqual(Array.from(Float32Array.from(v)));
  });

  it('given bytes at an unaligned offset, copies them into an aligned array with the same numbers', () => {
    const b = float32Bytes(v);
    for (const shift of [1, 2, 3]) {
      const block = Buffer.alloc(8 + b.length);
      b.copy(block, shift);
      const bytes = block.subarray(shift, shift + b.length);
      expect(bytes.byteOffset % 4).not.toBe(0);
      const view = float32View(bytes)!;
      expect(view.byteOffset % 4).toBe(0);
      expect(Array.from(view)).toEqual(Array.from(Float32Array.from(v)));
      const scratch = new Float32Array(v.length);
      expect(float32View(bytes, scratch)).toBe(scratch);
      expect(Array.from(scratch)).toEqual(Array.from(Float32Array.from(v)));
    }
  });

  it('given a length that is not a whole number of floats, reads nothing', () => {
    expect(float32View(Buffer.alloc(7))).toBeNull();
  });

  it('normalises to length 1, a zero vector stays zero', () => {
    const n = normalised([3, 4]);
    expect(n[0]).toBeCloseTo(0.6, 12);
    expect(n[1]).toBeCloseTo(0.8, 12);
    expect(normalised([0, 0])).toEqual([0, 0]);
  });
});

describe('dot products and the best k', () => {
  it('computes the dot product of a matrix row, whatever the dimension modulo 4', () => {
    for (const d of [1, 3, 4, 5, 9]) {
      const q = Float32Array.from({ length: d }, (_, j) => j + 1);
      const m = Float32Array.from({ length: 2 * d }, (_, j) => (j % d) - 1);
      let expected = 0;
      for (let j = 0; j < d; j++) expected += (j + 1) * (j - 1);
      expect(dotAt(q, m, d)).toBe(expected);
    }
  });

  it('keeps the best `limit`, ties broken by digest then chunk index, whatever the order offered', () => {
    const offers: [number, string, number][] = [
      [0.5, 'b', 1],
      [0.9, 'a', 4],
      [0.5, 'a', 2],
      [0.1, 'a', 0],
      [0.5, 'a', 1],
    ];
    for (const order of [offers, [...offers].reverse()]) {
      const best = topK(3);
      for (const [s, d, i] of order) best.offer(s, d, i);
      expect(best.result().map((r) => `${r.sha256}${r.index}`)).toEqual(['a4', 'a1', 'a2']);
      expect(best.floor()).toBe(0.5);
    }
    expect(topK(2).floor()).toBe(-Infinity);
  });
});
