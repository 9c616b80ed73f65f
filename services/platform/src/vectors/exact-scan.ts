import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { DocumentMatrix, MatrixCache } from './matrix-cache';
import { readStoredVectors } from './stored-vectors';
import type { ChunkHit } from './vector-store';
import { dotAt, float32View, topK } from './vector-math';

/**
 * The exact scan: every vector of the given digests against the query (both L2-normalised, so the
 * dot product is the cosine), the `limit` best, computed here over Float32Array views of the stored
 * little-endian bytes (no parsing), then the winners' text read in a second query.
 *
 * A complete document (a vector of one dimension for every chunk) is kept in `cache` as one matrix,
 * valid while its version in `document_chunk_versions` is unchanged: one small query checks them all,
 * so a conversation asking again reads no vector.
 */
interface TextRow {
  sha256: string;
  chunk_index: number;
  text: string;
  location: Record<string, string | number> | null;
}

type Best = ReturnType<typeof topK>;

const scanMatrix = (
  q: Float32Array,
  m: { sha256: string; indexes: Int32Array; matrix: Float32Array },
  best: Best,
) => {
  const d = q.length;
  let floor = best.floor();
  for (let r = 0, at = 0; r < m.indexes.length; r++, at += d) {
    const s = dotAt(q, m.matrix, at);
    if (s >= floor) {
      best.offer(s, m.sha256, m.indexes[r]!);
      floor = best.floor();
    }
  }
};

/**
 * One digest's rows as they are read: each of the query's dimension scored at once, and, while the
 * document may be complete (its row count known, one dimension so far), copied into its matrix.
 */
const documentReader = (
  q: Float32Array,
  sha256: string,
  known: { version: string; chunks: number } | undefined,
  keep: boolean,
  best: Best,
) => {
  const scratch = new Float32Array(q.length);
  let dims = -1;
  let rows = 0;
  let matrix: Float32Array | null = null;
  let matrixBytes: Uint8Array | null = null;
  let indexes: Int32Array | null = null;
  let keeping = keep && known !== undefined && known.chunks > 0;
  return {
    row(index: number, bytes: Uint8Array) {
      if (bytes.byteLength % 4 !== 0) {
        keeping = false;
        return;
      }
      const d = bytes.byteLength / 4;
      if (dims === -1) dims = d;
      if (d !== dims || rows >= (known?.chunks ?? 0)) keeping = false;
      if (keeping) {
        if (!matrix) {
          matrix = new Float32Array(known!.chunks * dims);
          matrixBytes = new Uint8Array(matrix.buffer);
          indexes = new Int32Array(known!.chunks);
        }
        matrixBytes!.set(bytes, rows * dims * 4);
        indexes![rows] = index;
        if (d === q.length) {
          const sc = dotAt(q, matrix, rows * dims);
          if (sc >= best.floor()) best.offer(sc, sha256, index);
        }
      } else if (d === q.length) {
        // Another model's dimension is not comparable; this one is read in place when aligned,
        // else from a copy (the bytes sit at any offset of the receive buffer).
        const sc = dotAt(q, float32View(bytes, scratch)!, 0);
        if (sc >= best.floor()) best.offer(sc, sha256, index);
      }
      rows++;
    },
    /** The document's matrix when it came complete (a vector of one dimension for every chunk). */
    complete: (): DocumentMatrix | null =>
      keeping && matrix && indexes && rows === known!.chunks
        ? { sha256, version: known!.version, dims, indexes, matrix }
        : null,
  };
};

const versionsOf = async (db: Db, sha256s: readonly string[]) => {
  const rows = await db
    .selectFrom('document_chunk_versions')
    .select(['sha256', 'version', 'chunks'])
    .where('sha256', 'in', sha256s)
    .execute();
  return new Map(rows.map((r) => [r.sha256, { version: String(r.version), chunks: r.chunks }]));
};

export const exactScan = async (
  db: Db,
  cache: MatrixCache,
  query: readonly number[],
  sha256s: readonly string[],
  limit: number,
): Promise<ChunkHit[]> => {
  const q = Float32Array.from(query);
  const digests = [...new Set(sha256s)];
  const best = topK(limit);
  const versions = cache.enabled ? await versionsOf(db, digests) : new Map<string, never>();
  const toRead: string[] = [];
  for (const sha256 of digests) {
    const m = cache.get(sha256, versions.get(sha256)?.version);
    if (!m) toRead.push(sha256);
    else if (m.dims === q.length) scanMatrix(q, m, best);
  }
  if (toRead.length > 0) {
    const readers = toRead.map((sha256) =>
      documentReader(q, sha256, versions.get(sha256), cache.enabled, best),
    );
    await readStoredVectors(db, toRead, (digest, index, bytes) => readers[digest]!.row(index, bytes));
    for (const r of readers) {
      const m = r.complete();
      if (m) cache.set(m);
    }
  }
  const found = best.result();
  if (found.length === 0) return [];
  const { rows: texts } = await sql<TextRow>`
    select c.sha256, c.chunk_index, c.text, c.location
    from unnest(${found.map((f) => f.sha256)}::text[], ${found.map((f) => f.index)}::int[])
      as w(sha256, chunk_index)
    join document_chunks c using (sha256, chunk_index)`.execute(db);
  const byKey = new Map(texts.map((t) => [`${t.sha256}/${t.chunk_index}`, t]));
  return found.flatMap((f) => {
    const t = byKey.get(`${f.sha256}/${f.index}`);
    return t
      ? [
          {
            sha256: t.sha256,
            index: t.chunk_index,
            text: t.text,
            ...(t.location ? { location: t.location } : {}),
            score: f.score,
          },
        ]
      : [];
  });
};
