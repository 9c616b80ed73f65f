import { sql } from 'kysely';
import { createVectorStore, type Db, type ExactScanWay, type VectorStore } from '@app/platform';
import { percentile } from './stats';
import type { BenchServer } from './server';

export interface RetrievalRow {
  label: string;
  chunks: number;
  /** Chunks the search looks among. */
  scanned: number;
  queries: number;
  p50: number;
  p99: number;
}

/** Chunks per document: a search over 10 documents looks among 1,000 chunks. */
const perDocument = 100;
/** Distinct vectors, reused cyclically (inserting is quicker than drawing every vector). */
const distinct = 1000;

const docId = (d: number) => `bench-${String(d).padStart(8, '0')}`;

/**
 * `n` chunks with `dims`-dimensional unit vectors, written straight into document_chunks (and into
 * `embedding_v` with its HNSW index when the server has pgvector).
 */
const insertChunks = async (db: Db, n: number, dims: number, pgvector: boolean) => {
  await sql`
    create temporary table bench_vectors as
    select id, (select array_agg(x / norm) from unnest(v) x) as e
    from (
      select id, v, sqrt((select sum(x * x) from unnest(v) x)) as norm
      from (
        select id, (select array_agg(random()::real) from generate_series(1, ${dims}) where id >= 0) as v
        from generate_series(0, ${distinct - 1}) id
      ) raw
    ) s`.execute(db);
  await sql`
    insert into document_chunks (sha256, chunk_index, text, location, embedding, model)
    select 'bench-' || lpad((i / ${perDocument})::text, 8, '0'), i % ${perDocument}, 'passage ' || i, null,
      v.e::real[], 'bench'
    from generate_series(0, ${n - 1}) i join bench_vectors v on v.id = i % ${distinct}`.execute(db);
  await sql`drop table bench_vectors`.execute(db);
  if (pgvector) {
    await sql`update document_chunks set embedding_v = embedding::vector`.execute(db);
    await sql`
      create index ${sql.raw(`document_chunks_hnsw_${dims}`)} on document_chunks
        using hnsw ((embedding_v::vector(${sql.raw(String(dims))})) vector_cosine_ops)
        where vector_dims(embedding_v) = ${sql.raw(String(dims))}`.execute(db);
  }
  await sql`analyze document_chunks`.execute(db);
};

const randomVector = (dims: number) => Array.from({ length: dims }, () => Math.random());

const timeQueries = async (
  store: VectorStore,
  docs: string[],
  queries: number,
  dims: number,
): Promise<{ p50: number; p99: number }> => {
  await store.search(randomVector(dims), docs, 5);
  const times: number[] = [];
  for (let q = 0; q < queries; q++) {
    const t = performance.now();
    const hits = await store.search(randomVector(dims), docs, 5);
    times.push(performance.now() - t);
    if (hits.length !== 5) throw new Error(`search answered ${hits.length} hits`);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
};

/**
 * Retrieval latency at each size: the exact scan (the dot product in SQL, and in Node) over every
 * chunk (one search whose documents hold them all: the worst case), over 10 documents (1,000 chunks,
 * what a chat with attachments asks), and pgvector's when the server has it.
 */
export const measureRetrieval = async (
  server: BenchServer,
  sizes: readonly { chunks: number; queries: number; ways: readonly ExactScanWay[] }[],
  dims: number,
): Promise<RetrievalRow[]> => {
  const rows: RetrievalRow[] = [];
  for (const { chunks, queries, ways } of sizes) {
    const database = await server.createDatabase({ max: 2 });
    try {
      const db = database.db;
      const pgvector = await createVectorStore(db);
      await insertChunks(db, chunks, dims, pgvector.kind === 'pgvector');
      const all = Array.from({ length: Math.ceil(chunks / perDocument) }, (_, d) => docId(d));
      const ten = all.slice(0, 10);
      const stores: [string, VectorStore][] = [];
      for (const way of ways)
        stores.push([
          `exact scan, ${way === 'sql' ? 'SQL' : 'Node'}`,
          await createVectorStore(db, { kind: 'exact', exactScan: way }),
        ]);
      if (pgvector.kind === 'pgvector') stores.push(['pgvector HNSW', pgvector]);
      for (const [label, store] of stores) {
        const one = await timeQueries(store, ten, Math.max(queries, 20), dims);
        rows.push({
          label: `${label}, 10 documents`,
          chunks,
          scanned: ten.length * perDocument,
          queries: Math.max(queries, 20),
          ...one,
        });
        const every = await timeQueries(store, all, queries, dims);
        rows.push({ label: `${label}, every document`, chunks, scanned: chunks, queries, ...every });
      }
    } finally {
      await database.drop();
    }
  }
  return rows;
};
