import type { ColumnType } from 'kysely';

/** Migration 0016: chunks of extracted text and their vectors, under the content's SHA-256. */
export interface DocumentChunksTable {
  sha256: string;
  chunk_index: number;
  text: string;
  location: ColumnType<Record<string, string | number> | null, string | null, string | null>;
  /** Little-endian float32, L2-normalised; null until embedded. */
  embedding_bin: Buffer | null;
  model: string | null;
  // `embedding_v vector` exists only with pgvector: written and read with raw SQL.
}

/** One row per digest: its number of chunks, and a version bumped by every putChunks and putVectors. */
export interface DocumentChunkVersionsTable {
  sha256: string;
  /** bigint, as a string (the pool's int8 parser). */
  version: ColumnType<string, string | number, string | number>;
  chunks: number;
}

export interface DocumentChunksTables {
  document_chunks: DocumentChunksTable;
  document_chunk_versions: DocumentChunkVersionsTable;
}
