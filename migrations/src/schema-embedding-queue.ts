import type { ColumnType } from 'kysely';

/** Migration 0018: a file and, while its embedding is queued or running, that event. */
export interface RmEmbeddingQueueTable {
  key: string;
  owner: string;
  /** Bytes, once uploaded (bigint: read as a string). */
  size: ColumnType<string | null, number | null | undefined, number | null>;
  /** The FileEmbeddingQueued event's global position (bigint: read as a string). */
  queued_position: ColumnType<string | null, string | null | undefined, string | null>;
  queued_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The tables of migration 0018. */
export interface EmbeddingQueueTables {
  rm_embedding_queue: RmEmbeddingQueueTable;
}
