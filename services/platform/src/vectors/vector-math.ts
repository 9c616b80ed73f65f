/** Pure helpers of the vector store: normalising, the stored binary form (little-endian float32), top k. */

/** `v` scaled to length 1 (a zero vector stays zero): cosine is then a dot product. */
export const normalised = (v: readonly number[]): number[] => {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm === 0 ? v.map(() => 0) : v.map((x) => x / norm);
};

/** A real[] as PostgreSQL's array literal, `{0.1,0.2}` (pgvector's input). */
export const arrayLiteral = (v: readonly number[]): string => `{${v.join(',')}}`;

const hostIsLittleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A vector as stored in `embedding_bin`: 4 bytes a number, float32, little-endian. */
export const float32Bytes = (v: readonly number[]): Buffer => {
  const b = Buffer.allocUnsafe(v.length * 4);
  for (let j = 0; j < v.length; j++) b.writeFloatLE(v[j]!, j * 4);
  return b;
};

/**
 * The stored bytes as float32: a view over the same memory when it may be (offset a multiple of 4 on
 * a little-endian host), else a copy, into `into` when given (of the right length). null when the
 * length is not a whole number of floats.
 */
export const float32View = (b: Uint8Array, into?: Float32Array): Float32Array | null => {
  if (b.byteLength % 4 !== 0) return null;
  const n = b.byteLength / 4;
  if (hostIsLittleEndian && b.byteOffset % 4 === 0) return new Float32Array(b.buffer, b.byteOffset, n);
  const out = into?.length === n ? into : new Float32Array(n);
  if (hostIsLittleEndian) {
    new Uint8Array(out.buffer, out.byteOffset, b.byteLength).set(b);
    return out;
  }
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let j = 0; j < n; j++) out[j] = view.getFloat32(j * 4, true);
  return out;
};

/** The dot product of `q` with the `q.length` numbers of `m` from `at` (a row of a matrix). */
export const dotAt = (q: Float32Array, m: Float32Array, at: number): number => {
  const n = q.length;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let j = 0;
  for (; j + 3 < n; j += 4) {
    s0 += q[j]! * m[at + j]!;
    s1 += q[j + 1]! * m[at + j + 1]!;
    s2 += q[j + 2]! * m[at + j + 2]!;
    s3 += q[j + 3]! * m[at + j + 3]!;
  }
  for (; j < n; j++) s0 += q[j]! * m[at + j]!;
  return s0 + s1 + s2 + s3;
};

export interface Scored {
  score: number;
  sha256: string;
  index: number;
}

/** a before b: higher score, then digest, then chunk index (the same order whatever the rows' order). */
const before = (a: Scored, b: Scored): boolean =>
  a.score !== b.score ? a.score > b.score : a.sha256 !== b.sha256 ? a.sha256 < b.sha256 : a.index < b.index;

/** Keeps the `limit` best of what it is offered (a small sorted list: limit is a handful). */
export const topK = (limit: number) => {
  const best: Scored[] = [];
  return {
    /** The score to beat once full (-Infinity before): most offers stop at this comparison. */
    floor: (): number => (best.length >= limit ? best[best.length - 1]!.score : -Infinity),
    offer(score: number, sha256: string, index: number) {
      if (limit <= 0) return;
      const s = { score, sha256, index };
      if (best.length >= limit && !before(s, best[best.length - 1]!)) return;
      let at = best.length;
      while (at > 0 && before(s, best[at - 1]!)) at--;
      best.splice(at, 0, s);
      if (best.length > limit) best.pop();
    },
    result: (): readonly Scored[] => best,
  };
};
