import { sql } from 'kysely';
import {
  createVectorStore,
  readStoredVectors,
  type Db,
  type ExactScanningVectorStore,
  type VectorStore,
} from '@app/platform';
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

const unit = (dims: number): number[] => {
  const v = Array.from({ length: dims }, () => Math.random() - 0.5);
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return v.map((x) => x / norm);
};

const float32Le = (v: readonly number[]): Buffer => {
  const b = Buffer.alloc(v.length * 4);
  v.forEach((x, j) => b.writeFloatLE(x, j * 4));
  return b;
};

/**
 * `n` chunks with `dims`-dimensional unit vectors written straight into document_chunks as the store
 * keeps them (little-endian float32 bytes, a version row per document), and into `embedding_v` with
 * its HNSW index when the server has pgvector.
 */
const insertChunks = async (db: Db, n: number, dims: number, pgvector: boolean) => {
  const vectors = Array.from({ length: distinct }, () => unit(dims));
  await sql`create temporary table bench_vectors (id int primary key, bin bytea, literal text)`.execute(db);
  await sql`
    insert into bench_vectors
    select * from unnest(${vectors.map((_, i) => i)}::int[], ${vectors.map(float32Le)}::bytea[],
      ${vectors.map((v) => `{${v.join(',')}}`)}::text[])`.execute(db);
  await sql`
    insert into document_chunks (sha256, chunk_index, text, location, embedding_bin, model)
    select 'bench-' || lpad((i / ${perDocument})::text, 8, '0'), i % ${perDocument}, 'passage ' || i, null,
      v.bin, 'bench'
    from generate_series(0, ${n - 1}) i join bench_vectors v on v.id = i % ${distinct}`.execute(db);
  await sql`
    insert into document_chunk_versions (sha256, version, chunks)
    select sha256, 1, count(*) from document_chunks group by sha256`.execute(db);
  if (pgvector) {
    await sql`
      update document_chunks c set embedding_v = v.literal::real[]::vector
      from bench_vectors v where v.id = (c.chunk_index + ${perDocument} * substr(c.sha256, 7)::int) % ${distinct}`.execute(
      db,
    );
    await sql`
      create index ${sql.raw(`document_chunks_hnsw_${dims}`)} on document_chunks
        using hnsw ((embedding_v::vector(${sql.raw(String(dims))})) vector_cosine_ops)
        where vector_dims(embedding_v) = ${sql.raw(String(dims))}`.execute(db);
  }
  await sql`drop table bench_vectors`.execute(db);
  await sql`vacuum analyze document_chunks`.execute(db);
};

const timed = async (queries: number, run: () => Promise<void>, before?: () => void) => {
  before?.();
  await run();
  const times: number[] = [];
  for (let q = 0; q < queries; q++) {
    before?.();
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
};

const searching = (store: VectorStore, docs: string[], dims: number) => async () => {
  const hits = await store.search(unit(dims), docs, 5);
  if (hits.length !== 5) throw new Error(`search answered ${hits.length} hits`);
};

/**
 * Retrieval latency at each size, over 10 documents (1,000 chunks, what a chat with attachments
 * asks) and over every chunk (one search whose documents hold them all: the worst case):
 * - the floor: those rows' vectors (bytea) read and nothing else, what any exact scan must at least
 *   read: by binary COPY (the scan's way) and by an ordinary select (hex text);
 * - the exact scan cold (its in-memory matrices cleared before each query) and warm (kept: the
 *   same documents asked again, as a conversation does);
 * - pgvector's HNSW when the server has it.
 */
export const measureRetrieval = async (
  server: BenchServer,
  sizes: readonly { chunks: number; queries: number }[],
  dims: number,
): Promise<RetrievalRow[]> => {
  const rows: RetrievalRow[] = [];
  for (const { chunks, queries } of sizes) {
    const database = await server.createDatabase({ max: 2 });
    try {
      const db = database.db;
      const pgvector = await createVectorStore(db);
      await insertChunks(db, chunks, dims, pgvector.kind === 'pgvector');
      const all = Array.from({ length: Math.ceil(chunks / perDocument) }, (_, d) => docId(d));
      const exact: ExactScanningVectorStore = await createVectorStore(db, { kind: 'exact' });
      for (const [scope, docs] of [
        ['10 documents', all.slice(0, 10)],
        ['every document', all],
      ] as const) {
        const n = scope === '10 documents' ? Math.max(queries, 20) : queries;
        const row = (label: string, t: { p50: number; p99: number }) =>
          rows.push({
            label: `${label}, ${scope}`,
            chunks,
            scanned: docs.length * perDocument,
            queries: n,
            ...t,
          });
        row(
          'floor: read the rows’ bytes (binary COPY, as the scan)',
          await timed(n, async () => {
            let bytes = 0;
            await readStoredVectors(db, docs, (_d, _i, b) => {
              bytes += b.byteLength;
            });
            if (bytes === 0) throw new Error('no vectors read');
          }),
        );
        row(
          'floor: select the rows’ bytea (hex)',
          await timed(n, async () => {
            await sql`select embedding_bin from document_chunks
              where sha256 = any(${docs}::text[]) and embedding_bin is not null`.execute(db);
          }),
        );
        row(
          'exact scan, cold (cache cleared)',
          await timed(n, searching(exact, docs, dims), () => exact.clearCache()),
        );
        row('exact scan, warm (cached)', await timed(Math.max(n, 20), searching(exact, docs, dims)));
        if (pgvector.kind === 'pgvector')
          row('pgvector HNSW', await timed(n, searching(pgvector, docs, dims)));
      }
    } finally {
      await database.drop();
    }
  }
  return rows;
};
