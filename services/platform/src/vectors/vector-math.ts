/** Pure helpers of the vector store: normalising, the binary form PostgreSQL sends a real[] in, top k. */

/** `v` scaled to length 1 (a zero vector stays zero): cosine is then a dot product. */
export const normalised = (v: readonly number[]): number[] => {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm === 0 ? v.map(() => 0) : v.map((x) => x / norm);
};

/** A real[] as PostgreSQL's array literal, `{0.1,0.2}`. */
export const arrayLiteral = (v: readonly number[]): string => `{${v.join(',')}}`;

/**
 * Reads a one-dimensional real[] in PostgreSQL's binary form (array_send: ndim, has-null flag,
 * element type, length, lower bound, then a length and 4 big-endian bytes per element) into `out`;
 * answers how many elements it read (0 for anything else: a null element, another shape).
 */
export const readBinaryRealArray = (b: Buffer, out: Float32Array): number => {
  if (b.length < 20 || b.readInt32BE(0) !== 1 || b.readInt32BE(4) !== 0) return 0;
  const n = b.readInt32BE(12);
  if (n > out.length || b.length < 20 + n * 8) return 0;
  for (let j = 0, o = 24; j < n; j++, o += 8) out[j] = b.readFloatBE(o);
  return n;
};

/** The dot product of the first `n` elements. */
export const dot = (a: Float32Array, b: Float32Array, n: number): number => {
  let s = 0;
  for (let j = 0; j < n; j++) s += a[j]! * b[j]!;
  return s;
};

/** Keeps the `limit` best of what it is offered (a small sorted list: limit is a handful). */
export const topK = <T>(limit: number) => {
  const best: { score: number; item: T }[] = [];
  return {
    offer(score: number, item: () => T) {
      if (best.length >= limit && score <= best[best.length - 1]!.score) return;
      let at = best.length;
      while (at > 0 && best[at - 1]!.score < score) at--;
      best.splice(at, 0, { score, item: item() });
      if (best.length > limit) best.pop();
    },
    result: () => best,
  };
};
