import { sql } from 'kysely';
import type { Db } from '../db/database';
import { exactScan } from './exact-scan';
import { createMatrixCache, type MatrixCacheStats } from './matrix-cache';
import { ensureHnswIndex, hasPgvectorColumn, pgvectorSearch } from './pgvector';
import type { ChunkText, StoredChunk, VectorStore } from './vector-store';
import { arrayLiteral, float32Bytes, normalised } from './vector-math';

export type { MatrixCacheStats } from './matrix-cache';
export { readStoredVectors } from './stored-vectors';

export interface VectorStoreOptions {
  /** 'exact' even when pgvector is there (the bench compares). Default: pgvector when present. */
  kind?: VectorStore['kind'];
  /** Bytes of complete documents' vectors the exact scan keeps in memory (LRU). Default 256 MB; 0: none. */
  cacheBytes?: number;
}

/** The store, plus a look at its in-memory matrices (the bench and the tests). */
export interface ExactScanningVectorStore extends VectorStore {
  readonly cacheStats: () => MatrixCacheStats;
  readonly clearCache: () => void;
}

export const defaultVectorCacheBytes = 256 * 1024 * 1024;

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
 * Bumps the digest's version (in the transaction that changes its chunks or vectors: a process that
 * keeps its vectors in memory sees the change); `chunks` is set by putChunks.
 */
const bumpVersion = async (trx: Db, sha256: string, chunks?: number) => {
  await sql`
    insert into document_chunk_versions as d (sha256, version, chunks)
    values (${sha256}, 1, ${chunks ?? 0})
    on conflict (sha256) do update
      set version = d.version + 1, chunks = ${chunks === undefined ? sql`d.chunks` : sql`excluded.chunks`}`.execute(
    trx,
  );
};

/**
 * The vector store on table `document_chunks` (migration 0016): pgvector when the migration could
 * add its column (kind 'pgvector'), else the exact scan (kind 'exact'). Vectors are kept
 * L2-normalised, and so is the query: a score is the cosine; as little-endian float32 bytes
 * (`embedding_bin`) for the exact scan, which keeps complete documents' matrices in memory (LRU,
 * `cacheBytes`), dropped here by putChunks and putVectors and checked against the digests' versions
 * (bumped in the same transactions) for what other processes write.
 */
export const createVectorStore = async (
  db: Db,
  options: VectorStoreOptions = {},
): Promise<ExactScanningVectorStore> => {
  const pgvector = options.kind !== 'exact' && (await hasPgvectorColumn(db));
  const indexed = new Set<number>();
  const cache = createMatrixCache(options.cacheBytes ?? defaultVectorCacheBytes);

  const putChunks = async (sha256: string, chunks: readonly ChunkText[]) => {
    cache.invalidate(sha256);
    await db.transaction().execute(async (trx) => {
      await bumpVersion(trx, sha256, chunks.length);
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
              embedding_bin: null,
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
    if (o.withoutVectors) q = q.where('embedding_bin', 'is', null);
    return (await q.orderBy('chunk_index').execute()).map(chunkOf);
  };

  const putVectors: VectorStore['putVectors'] = async (sha256, vectors, model) => {
    if (vectors.length === 0) return;
    cache.invalidate(sha256);
    const indexes = vectors.map((v) => v.index);
    const units = vectors.map((v) => normalised(v.vector));
    const bins = units.map(float32Bytes);
    const dims = new Set(vectors.map((v) => v.vector.length));
    if (pgvector)
      for (const d of dims) if (!indexed.has(d)) await ensureHnswIndex(db, d).then(() => indexed.add(d));
    // pgvector's column from the text literal, as before; the exact scan's from the bytes.
    const literals = pgvector ? units.map(arrayLiteral) : units.map(() => '');
    await db.transaction().execute(async (trx) => {
      await sql`
        update document_chunks c
        set embedding_bin = v.b, model = ${model}
          ${pgvector ? sql`, embedding_v = v.e::real[]::vector` : sql``}
        from unnest(${indexes}::int[], ${bins}::bytea[], ${literals}::text[]) as v(i, b, e)
        where c.sha256 = ${sha256} and c.chunk_index = v.i`.execute(trx);
      await bumpVersion(trx, sha256);
    });
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
        .where('embedding_bin', 'is not', null)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    search: async (vector, sha256s, limit) => {
      if (sha256s.length === 0 || limit <= 0 || vector.length === 0) return [];
      const q = normalised(vector);
      return pgvector ? pgvectorSearch(db, q, sha256s, limit) : exactScan(db, cache, q, sha256s, limit);
    },
    cacheStats: cache.stats,
    clearCache: () => cache.clear(),
  };
};
