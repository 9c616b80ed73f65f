import { sql } from 'kysely';
import type { EventMetadata } from '@app/contracts';
import { appendToStream, type DatabaseHandle } from '@app/platform';
import type { BenchServer } from './server';

const metadata: EventMetadata = {
  actor: { email: 'bench@example.com', kind: 'admin' },
  commandId: '00000000-0000-4000-8000-000000000001',
  correlationId: 'req-bench',
  causationId: 'req-bench',
  requestId: 'req-bench',
  schemaVersion: 1,
};

/** `events` feature-flag events: 500 flags created, then toggled and given exceptions in turn. */
const fill = async (handle: DatabaseHandle, events: number) => {
  const flags = 500;
  const batch: { type: string; data: unknown }[] = [];
  for (let i = 0; i < events; i++) {
    const name = `flag${i % flags}`;
    const round = Math.floor(i / flags);
    batch.push(
      round === 0
        ? { type: 'FeatureFlagCreated', data: { name } }
        : round % 3 === 1
          ? { type: 'FeatureFlagEnabled', data: { name } }
          : round % 3 === 2
            ? { type: 'FeatureFlagUserExceptionAdded', data: { name, email: `u${round}@example.com` } }
            : { type: 'FeatureFlagDisabled', data: { name } },
    );
  }
  for (let start = 0; start < batch.length; start += 1000)
    await appendToStream(handle.db, 'config-featureFlags', batch.slice(start, start + 1000), {
      expectedVersion: start,
      metadata,
    });
};

export interface RebuildFigures {
  events: number;
  oursSeconds: number;
  plainSeconds: number;
}

/**
 * `npm run events -- replay`'s rebuild of the feature-flags projection over `events` events, beside
 * the floor: the same rows read in one query and one INSERT per event into a plain table, in one
 * transaction.
 */
export const measureRebuild = async (server: BenchServer, events: number): Promise<RebuildFigures> => {
  const { rebuild, allProjections } = await import('@app/query');
  const flags = allProjections.find((p) => p.name === 'featureFlags');
  if (!flags) throw new Error('no featureFlags projection');
  const database = await server.createDatabase({ max: 2 });
  try {
    await fill(database, events);
    await sql`create table bench_plain_rows (position bigint, name text, kind text, changed_by text)`.execute(
      database.db,
    );
    // Warm the caches once, unmeasured.
    await rebuild(database.db, flags);
    const t0 = performance.now();
    const folded = await rebuild(database.db, flags);
    const oursSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    await database.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('events')
        .select(['global_position', 'event_type', 'data', 'metadata'])
        .orderBy('global_position')
        .execute();
      for (const r of rows)
        await sql`insert into bench_plain_rows values (${r.global_position}, ${(r.data as { name: string }).name}, ${r.event_type}, ${JSON.stringify(r.metadata)})`.execute(
          trx,
        );
    });
    const plainSeconds = (performance.now() - t1) / 1000;
    return { events: folded, oursSeconds, plainSeconds };
  } finally {
    await database.drop();
  }
};
