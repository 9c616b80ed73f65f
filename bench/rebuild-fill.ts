import { sql } from 'kysely';
import { featureFlagsStreamId, type EventMetadata } from '@app/contracts';
import { appendToStream, type DatabaseHandle } from '@app/platform';

export const fillMetadata: EventMetadata = {
  actor: { email: 'bench@example.com', kind: 'admin' },
  commandId: '00000000-0000-4000-8000-000000000001',
  correlationId: 'req-bench',
  causationId: 'req-bench',
  requestId: 'req-bench',
  schemaVersion: 1,
};

/** How many events each append (and each bulk statement) writes: one transaction each. */
export const eventsPerAppend = 1000;
const flags = 500;

/**
 * Event `i` of the fill: 500 flags created, then enabled, given a user exception and disabled in
 * turn, round after round.
 */
export const fillEvent = (i: number): { type: string; data: unknown } => {
  const name = `flag${i % flags}`;
  const round = Math.floor(i / flags);
  if (round === 0) return { type: 'FeatureFlagCreated', data: { name } };
  if (round % 3 === 1) return { type: 'FeatureFlagEnabled', data: { name } };
  if (round % 3 === 2)
    return { type: 'FeatureFlagUserExceptionAdded', data: { name, email: `u${round}@example.com` } };
  return { type: 'FeatureFlagDisabled', data: { name } };
};

/** The fill through `appendToStream`, 1,000 events an append, as a save writes them. */
export const fillByAppend = async (handle: DatabaseHandle, events: number): Promise<void> => {
  for (let start = 0; start < events; start += eventsPerAppend) {
    const batch = Array.from({ length: Math.min(eventsPerAppend, events - start) }, (_, k) =>
      fillEvent(start + k),
    );
    await appendToStream(handle.db, featureFlagsStreamId, batch, {
      expectedVersion: start,
      metadata: fillMetadata,
    });
  }
};

/**
 * The same rows as `fillByAppend`, written by the server: one autocommitted `insert … select … from
 * generate_series` per 1,000 events, so each thousand shares a transaction id as an append's do
 * (the columns `append_to_stream` writes: stream, version, type, data, metadata; the position, the
 * time and the transaction id by their defaults).
 */
export const fillInBulk = async (handle: DatabaseHandle, events: number): Promise<void> => {
  const metadata = JSON.stringify(fillMetadata);
  for (let start = 0; start < events; start += eventsPerAppend) {
    const end = Math.min(start + eventsPerAppend, events) - 1;
    await sql`
      insert into events (stream_id, stream_version, event_type, data, metadata)
      select ${featureFlagsStreamId}, i + 1,
        case when r = 0 then 'FeatureFlagCreated' when r % 3 = 1 then 'FeatureFlagEnabled'
             when r % 3 = 2 then 'FeatureFlagUserExceptionAdded' else 'FeatureFlagDisabled' end,
        case when r % 3 = 2 and r > 0
             then jsonb_build_object('name', 'flag' || i % ${flags}, 'email', 'u' || r || '@example.com')
             else jsonb_build_object('name', 'flag' || i % ${flags}) end,
        ${metadata}::jsonb
      from generate_series(${start}::int, ${end}::int) as g(i), lateral (select i / ${flags} as r) as round
      order by i`.execute(handle.db);
  }
};
