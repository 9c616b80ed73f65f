import { sql, type Selectable } from 'kysely';
import type { EventsTable } from '@app/migrations';
import type { EventMetadata, RecordedEvent } from '@app/contracts';

export const toRecordedEvent = (row: Selectable<EventsTable>): RecordedEvent => ({
  globalPosition: row.global_position,
  transactionId: row.transaction_id,
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  type: row.event_type,
  data: row.data,
  metadata: row.metadata as unknown as EventMetadata,
  recordedAt: row.recorded_at.toISOString(),
});

/** The columns of an event row, the transaction id as text (xid8 has no JSON form). */
export const eventColumns = [
  'global_position',
  'stream_id',
  'stream_version',
  'event_type',
  'data',
  'metadata',
  'recorded_at',
  sql<string>`transaction_id::text`.as('transaction_id'),
] as const;
