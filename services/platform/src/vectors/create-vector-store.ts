import { sql } from 'kysely';
import type { Db } from '../db/database';
import { exactScanNode, exactScanSql, type ExactScanWay } from './exact-scan';
import { ensureHnswIndex, hasPgvectorColumn, pgvectorSearch } from './pgvector';
import type { ChunkText, StoredChunk, VectorStore } from './vector-store';
import { arrayLiteral, normalised } from './vector-math';

export type { ExactScanWay } from './exact-scan';

export interface VectorStoreOptions {
  /** 'exact' even when pgvector is there (the bench compares). Default: pgvector when present. */
  kind?: VectorStore['kind'];
  /** How the exact scan computes (see exact-scan.ts). Default 'sql'. */
  exactScan?: ExactScanWay;
}

/** Rows per INSERT when a document's chunks are kept. */
const insertBatch = 500;

const chunkOf = (r: {
  sha256: string;
  chunk_index: number;
  text: string;
  location: Record<string, string | number> | null;
}): StoredChunk => ({
  sha256: r.sha256,
  index: r.chunk_index,
  text: r.text,
  ...(r.location ? { location: r.location } : {}),
});

/**
 * The vector store on table `document_chunks` (migration 0016): pgvector when the migration could
 * add its column (kind 'pgvector'), else the exact scan (kind 'exact'). Vectors are kept
 * L2-normalised, and so is the query: a score is the cosine.
 */
export const createVectorStore = async (db: Db, options: VectorStoreOptions = {}): Promise<VectorStore> => {
  const pgvector = options.kind !== 'exact' && (await hasPgvectorColumn(db));
  const indexed = new Set<number>();
  const exact = options.exactScan === 'node' ? exactScanNode : exactScanSql;

  const putChunks = async (sha256: string, chunks: readonly ChunkText[]) => {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('document_chunks').where('sha256', '=', sha256).execute();
      for (let at = 0; at < chunks.length; at += insertBatch) {
        await trx
          .insertInto('document_chunks')
          .values(
            chunks.slice(at, at + insertBatch).map((c) => ({
              sha256,
              chunk_index: c.index,
              text: c.text,
              location: c.location ? JSON.stringify(c.location) : null,
              embedding: null,
              model: null,
            })),
          )
          .execute();
      }
    });
  };

  const chunks = async (sha256: string, o: { withoutVectors?: boolean } = {}) => {
    let q = db
      .selectFrom('document_chunks')
      .select(['sha256', 'chunk_index', 'text', 'location'])
      .where('sha256', '=', sha256);
    if (o.withoutVectors) q = q.where('embedding', 'is', null);
    return (await q.orderBy('chunk_index').execute()).map(chunkOf);
  };

  const putVectors: VectorStore['putVectors'] = async (sha256, vectors, model) => {
    if (vectors.length === 0) return;
    const indexes = vectors.map((v) => v.index);
    const literals = vectors.map((v) => arrayLiteral(normalised(v.vector)));
    const dims = new Set(vectors.map((v) => v.vector.length));
    if (pgvector)
      for (const d of dims) if (!indexed.has(d)) await ensureHnswIndex(db, d).then(() => indexed.add(d));
    await sql`
      update document_chunks c
      set embedding = v.e::real[], model = ${model}
        ${pgvector ? sql`, embedding_v = v.e::real[]::vector` : sql``}
      from unnest(${indexes}::int[], ${literals}::text[]) as v(i, e)
      where c.sha256 = ${sha256} and c.chunk_index = v.i`.execute(db);
  };

  return {
    kind: pgvector ? 'pgvector' : 'exact',
    putChunks,
    chunks,
    hasChunks: async (sha256) =>
      (await db
        .selectFrom('document_chunks')
        .select('chunk_index')
        .where('sha256', '=', sha256)
        .limit(1)
        .executeTakeFirst()) !== undefined,
    putVectors,
    embeddedCount: async (sha256) => {
      const r = await db
        .selectFrom('document_chunks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('sha256', '=', sha256)
        .where('embedding', 'is not', null)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    search: async (vector, sha256s, limit) => {
      if (sha256s.length === 0 || limit <= 0 || vector.length === 0) return [];
      const q = normalised(vector);
      return pgvector ? pgvectorSearch(db, q, sha256s, limit) : exact(db, q, sha256s, limit);
    },
  };
};
