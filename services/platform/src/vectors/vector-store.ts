/**
 * Chunks of extracted text and their embeddings, kept under the content's SHA-256 (the same content
 * uploaded twice is embedded once), behind one interface: pgvector with an HNSW index when the server
 * has the extension, an exact scan otherwise (the embedded default).
 */
export interface ChunkText {
  /** 0-based position in the document. */
  index: number;
  text: string;
  /** Where in the document: page, slide, sheet and row, ... */
  location?: Record<string, string | number>;
}

export interface StoredChunk extends ChunkText {
  sha256: string;
}

export interface ChunkHit extends StoredChunk {
  /** Cosine similarity, 1 is the same direction. */
  score: number;
}

export interface VectorStore {
  /** 'pgvector' or 'exact', as chosen at start. */
  readonly kind: 'pgvector' | 'exact';
  /** Keeps a document's chunks (no vectors yet). Replaces what was kept under that digest. */
  putChunks(sha256: string, chunks: readonly ChunkText[]): Promise<void>;
  /** The chunks of a digest, in order (for embedding); `withoutVectors`: only those not embedded yet. */
  chunks(sha256: string, options?: { withoutVectors?: boolean }): Promise<StoredChunk[]>;
  hasChunks(sha256: string): Promise<boolean>;
  /** Writes the vectors of some chunks. */
  putVectors(
    sha256: string,
    vectors: readonly { index: number; vector: readonly number[] }[],
    model: string,
  ): Promise<void>;
  /** How many chunks of the digest have a vector. */
  embeddedCount(sha256: string): Promise<number>;
  /** The `limit` chunks closest to `vector` among the given digests. */
  search(vector: readonly number[], sha256s: readonly string[], limit: number): Promise<ChunkHit[]>;
}
