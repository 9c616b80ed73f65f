import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ChunkHit } from './vector-store';
import { arrayLiteral, dot, readBinaryRealArray, topK } from './vector-math';

/**
 * The exact scan: every vector of the given digests against the query (both L2-normalised, so the
 * dot product is the cosine), the `limit` best. Two ways, the same answer:
 * - 'sql': the dot product in PostgreSQL (`unnest(embedding, $q)` per row), only the best rows sent;
 * - 'node': the vectors sent in binary (`array_send`, no text parsing) and the dot products done
 *   here with Float32Array, then the best rows' text read. It keeps the database's CPU free; the bench
 *   (`bench/retrieval.ts`) compares both.
 */
export type ExactScanWay = 'sql' | 'node';

interface HitRow {
  sha256: string;
  chunk_index: number;
  text: string;
  location: Record<string, string | number> | null;
  score: number;
}

const hitOf = (r: HitRow): ChunkHit => ({
  sha256: r.sha256,
  index: r.chunk_index,
  text: r.text,
  ...(r.location ? { location: r.location } : {}),
  score: Number(r.score),
});

export const exactScanSql = async (
  db: Db,
  query: readonly number[],
  sha256s: readonly string[],
  limit: number,
): Promise<ChunkHit[]> => {
  const { rows } = await sql<HitRow>`
    select sha256, chunk_index, text, location,
      (select sum(e * q) from unnest(embedding, ${arrayLiteral(query)}::real[]) as t(e, q))::float8 as score
    from document_chunks
    where sha256 = any(${[...sha256s]}::text[])
      and embedding is not null and cardinality(embedding) = ${query.length}
    order by score desc, sha256, chunk_index
    limit ${limit}`.execute(db);
  return rows.map(hitOf);
};

export const exactScanNode = async (
  db: Db,
  query: readonly number[],
  sha256s: readonly string[],
  limit: number,
): Promise<ChunkHit[]> => {
  const q = Float32Array.from(query);
  const scratch = new Float32Array(query.length);
  // array_send: the real[] in binary (as bytea), read below without parsing text.
  const { rows } = await sql<{ sha256: string; chunk_index: number; v: Buffer }>`
    select sha256, chunk_index, array_send(embedding) as v from document_chunks
    where sha256 = any(${[...sha256s]}::text[])
      and embedding is not null and cardinality(embedding) = ${query.length}`.execute(db);
  const best = topK<{ sha256: string; index: number }>(limit);
  for (const r of rows) {
    const n = readBinaryRealArray(r.v, scratch);
    if (n !== q.length) continue;
    best.offer(dot(q, scratch, n), () => ({ sha256: r.sha256, index: r.chunk_index }));
  }
  const found = best.result();
  if (found.length === 0) return [];
  const { rows: texts } = await sql<Omit<HitRow, 'score'>>`
    select c.sha256, c.chunk_index, c.text, c.location
    from unnest(${found.map((f) => f.item.sha256)}::text[], ${found.map((f) => f.item.index)}::int[])
      as w(sha256, chunk_index)
    join document_chunks c using (sha256, chunk_index)`.execute(db);
  const byKey = new Map(texts.map((t) => [`${t.sha256}/${t.chunk_index}`, t]));
  return found.flatMap((f) => {
    const t = byKey.get(`${f.item.sha256}/${f.item.index}`);
    return t ? [hitOf({ ...t, score: f.score })] : [];
  });
};
