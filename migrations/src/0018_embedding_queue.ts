import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * The embeddings queue's read model (projection `embeddingQueue`): one row per file that
 * exists, with its owner and size; `queued_position` and `queued_at` are the FileEmbeddingQueued event
 * (its log position, its time) while that is the file's last embedding event, null otherwise.
 * The Embeddings tab lists the rows that have one (GET /embedding/sqs/get).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'rm_embedding_queue',
    sql`
      key text primary key,
      owner text not null,
      size bigint,
      queued_position bigint,
      queued_at timestamptz`,
  );
  await sql`
    create index rm_embedding_queue_queued on rm_embedding_queue (queued_position)
      where queued_position is not null`.execute(db);
}
