import type { ColumnType } from 'kysely';

/** Migration 0016: chunks of extracted text and their vectors, under the content's SHA-256. */
export interface DocumentChunksTable {
  sha256: string;
  chunk_index: number;
  text: string;
  location: ColumnType<Record<string, string | number> | null, string | null, string | null>;
  /** L2-normalised; null until embedded. */
  embedding: number[] | null;
  model: string | null;
  // `embedding_v vector` exists only with pgvector: written and read with raw SQL.
}

export interface DocumentChunksTables {
  document_chunks: DocumentChunksTable;
}
