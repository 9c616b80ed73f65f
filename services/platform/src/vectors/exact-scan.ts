import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { MatrixCache } from './matrix-cache';
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
interface ChunkRow {
  sha256: string;
  chunk_index: number;
  embedding_bin: Buffer;
}

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

/** One digest's rows as read: scored straight away, or first gathered into a matrix to keep. */
const scanRows = (
  q: Float32Array,
  sha256: string,
  rows: readonly ChunkRow[],
  known: { version: string; chunks: number } | undefined,
  cache: MatrixCache,
  best: Best,
) => {
  const views: (Float32Array | null)[] = rows.map((r) => float32View(r.embedding_bin));
  const dims = views[0]?.length ?? 0;
  const complete =
    cache.enabled &&
    known !== undefined &&
    rows.length === known.chunks &&
    dims > 0 &&
    views.every((v) => v !== null && v.length === dims);
  if (complete) {
    const matrix = new Float32Array(rows.length * dims);
    const indexes = new Int32Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      matrix.set(views[r]!, r * dims);
      indexes[r] = rows[r]!.chunk_index;
    }
    const m = { sha256, version: known.version, dims, indexes, matrix };
    cache.set(m);
    if (dims === q.length) scanMatrix(q, m, best);
    return;
  }
  for (let r = 0; r < rows.length; r++) {
    const v = views[r];
    if (!v || v.length !== q.length) continue; // another model's dimension: not comparable
    const s = dotAt(q, v, 0);
    if (s >= best.floor()) best.offer(s, sha256, rows[r]!.chunk_index);
  }
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
    const { rows } = await sql<ChunkRow>`
      select sha256, chunk_index, embedding_bin from document_chunks
      where sha256 = any(${toRead}::text[]) and embedding_bin is not null`.execute(db);
    const byDigest = new Map<string, ChunkRow[]>();
    for (const r of rows) {
      const list = byDigest.get(r.sha256);
      if (list) list.push(r);
      else byDigest.set(r.sha256, [r]);
    }
    for (const [sha256, list] of byDigest) scanRows(q, sha256, list, versions.get(sha256), cache, best);
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
