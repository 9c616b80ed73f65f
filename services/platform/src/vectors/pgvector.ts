import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ChunkHit } from './vector-store';
import { arrayLiteral } from './vector-math';

/**
 * pgvector, when migration 0016 could add `embedding_v vector`. Not exercised by the tests here (the
 * machines they run on have no pgvector): kept small, and the exact scan stays the tested path.
 *
 * An HNSW index needs a fixed dimension and models differ, so there is one partial expression index
 * per dimension, made the first time vectors of that dimension are written (pgvector indexes at most
 * 2000 dimensions; above that the search still works, unindexed).
 */
export const hasPgvectorColumn = async (db: Db): Promise<boolean> => {
  const { rows } = await sql<{ present: boolean }>`
    select exists (
      select 1 from information_schema.columns
      where table_schema = current_schema() and table_name = 'document_chunks' and column_name = 'embedding_v'
    ) as present`.execute(db);
  return rows[0]?.present === true;
};

export const maxIndexedDims = 2000;

const dimsOf = (n: number): number => {
  if (!Number.isInteger(n) || n < 1 || n > 16_000) throw new RangeError(`bad vector dimension ${n}`);
  return n;
};

/** Creates the HNSW index of dimension `d` unless it exists (another process may race: its error is harmless). */
export const ensureHnswIndex = async (db: Db, d: number): Promise<void> => {
  const dims = dimsOf(d);
  if (dims > maxIndexedDims) return;
  await sql`
    create index if not exists ${sql.raw(`document_chunks_hnsw_${dims}`)} on document_chunks
      using hnsw ((embedding_v::vector(${sql.raw(String(dims))})) vector_cosine_ops)
      where vector_dims(embedding_v) = ${sql.raw(String(dims))}`
    .execute(db)
    .catch(() => undefined);
};

export const pgvectorSearch = async (
  db: Db,
  query: readonly number[],
  sha256s: readonly string[],
  limit: number,
): Promise<ChunkHit[]> => {
  // The dimension as a literal (a type modifier cannot be a parameter), also in the filter: the
  // planner uses a partial index only when it can prove the index's predicate from the query's.
  const d = sql.raw(String(dimsOf(query.length)));
  const q = arrayLiteral(query);
  const { rows } = await sql<{
    sha256: string;
    chunk_index: number;
    text: string;
    location: Record<string, string | number> | null;
    score: number;
  }>`
    select sha256, chunk_index, text, location,
      (1 - (embedding_v::vector(${d}) <=> ${q}::real[]::vector(${d})))::float8 as score
    from document_chunks
    where sha256 = any(${[...sha256s]}::text[]) and vector_dims(embedding_v) = ${d}
    order by embedding_v::vector(${d}) <=> ${q}::real[]::vector(${d})
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    sha256: r.sha256,
    index: r.chunk_index,
    text: r.text,
    ...(r.location ? { location: r.location } : {}),
    score: Number(r.score),
  }));
};
