import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * Chunks of extracted text and their embeddings, under the content's SHA-256: the same
 * content uploaded twice is chunked and embedded once. `embedding_bin` is the vector as bytea of
 * little-endian float32, L2-normalised by the store (so cosine is a dot product, and the exact scan
 * reads it as a Float32Array without parsing), `model` the embeddings model that made it. Stored
 * `external`: float data does not compress, so PostgreSQL is told not to try.
 *
 * `document_chunk_versions`: one row per digest, its number of chunks and a version the store bumps
 * in the same transaction as every putChunks and putVectors of that digest. A process that keeps a
 * document's vectors in memory checks it (one small query) before trusting its copy.
 *
 * When the server offers the `vector` extension (pgvector) and we may create it, the rows also get
 * `embedding_v vector` (no fixed dimension: models differ). An HNSW index needs a fixed dimension, so
 * the store creates one partial expression index per dimension the first time it writes vectors of
 * that dimension: `using hnsw ((embedding_v::vector(d)) vector_cosine_ops) where vector_dims(embedding_v) = d`
 * (d <= 2000, pgvector's HNSW limit). Without the extension nothing else is needed: the store scans.
 *
 * The migrations run in one transaction: the extension is tried inside a savepoint, so a server
 * where we may not create it (no rights) rolls back to it and carries on with the exact scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'document_chunks',
    sql`
      sha256 text not null,
      chunk_index integer not null,
      text text not null,
      location jsonb,
      embedding_bin bytea,
      model text,
      primary key (sha256, chunk_index)`,
  );
  await sql`alter table document_chunks alter column embedding_bin set storage external`.execute(db);
  await createTable(
    db,
    'document_chunk_versions',
    sql`
      sha256 text primary key,
      version bigint not null,
      chunks integer not null`,
  );
  const { rows } = await sql<{ available: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'vector') as available`.execute(db);
  if (!rows[0]?.available) return;
  await sql`savepoint vector_extension`.execute(db);
  try {
    await sql`create extension if not exists vector`.execute(db);
    await sql`alter table document_chunks add column embedding_v vector`.execute(db);
    await sql`release savepoint vector_extension`.execute(db);
  } catch {
    await sql`rollback to savepoint vector_extension`.execute(db);
  }
}
