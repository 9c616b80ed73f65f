import { sql } from 'kysely';
import type { EventMetadata } from '@app/contracts';
import { appendToStream, openDatabase, type DatabaseHandle } from '@app/platform';
import { percentile } from './stats';
import { emmettAppend, openEmmett } from './emmett';

export const appendMethods = ['appendToStream', 'Emmett', 'plain INSERT'] as const;
export type AppendMethod = (typeof appendMethods)[number];

export interface AppendFigures {
  method: AppendMethod;
  writers: number;
  events: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const metadata: EventMetadata = {
  actor: { email: 'bench@example.com', kind: 'admin' },
  commandId: '00000000-0000-4000-8000-000000000000',
  correlationId: 'req-bench',
  causationId: 'req-bench',
  requestId: 'req-bench',
  schemaVersion: 1,
};

/** Event data of about 200 bytes of JSON. */
const eventData = (seq: number) => {
  const base = { name: 'benchFlag', email: 'someone@example.com', seq, note: '' };
  const pad = Math.max(0, 200 - JSON.stringify(base).length);
  return { ...base, note: 'x'.repeat(pad) };
};

const plainInsert = `insert into bench_plain (stream_id, stream_version, event_type, data, metadata)
  values ($1, $2, $3, $4, $5)`;

/** The physical ceiling's table: the same columns, defaults (identity, xid8), constraints and indexes. */
export const createPlainTable = async (handle: DatabaseHandle): Promise<void> => {
  await sql`create table if not exists bench_plain (like events including all)`.execute(handle.db);
};

type Write = (writer: number, version: number) => Promise<void>;

/** `writers` concurrent loops, each on its own stream, `events` writes in all; per-write latency in ms. */
const runWriters = async (writers: number, events: number, write: Write) => {
  const perWriter = Math.ceil(events / writers);
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let v = 1; v <= perWriter; v++) {
        const t = performance.now();
        await write(w, v);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { events: perWriter * writers, seconds, latencies };
};

let caseNo = 0;

/**
 * One case on a pool sized to the concurrency: our appendToStream (one autocommitted statement,
 * append_to_stream, then a coalesced wake of the followers), Emmett's appendToStream, or a single
 * autocommitted INSERT into bench_plain.
 */
export const runAppendCase = async (
  url: string,
  method: AppendFigures['method'],
  writers: number,
  events: number,
): Promise<AppendFigures> => {
  const handle = openDatabase(url, { max: writers });
  const emmett = method === 'Emmett' ? openEmmett(url, writers) : null;
  const streams = `bench${++caseNo}`;
  try {
    // Open every connection first, so the timing leaves connection set-up out.
    await Promise.all(Array.from({ length: writers }, () => sql`select 1`.execute(handle.db)));
    const write: Write = emmett
      ? (w, v) => emmettAppend(emmett.store, `${streams}-${w}`, v, eventData(v))
      : method === 'appendToStream'
        ? async (w, v) => {
            await appendToStream(
              handle.db,
              `${streams}-${w}`,
              [{ type: 'BenchEventRecorded', data: eventData(v) }],
              {
                expectedVersion: v - 1 === 0 ? 'no-stream' : v - 1,
                metadata,
              },
            );
          }
        : async (w, v) => {
            await handle.pool.query(plainInsert, [
              `${streams}-${w}`,
              v,
              'BenchEventRecorded',
              JSON.stringify(eventData(v)),
              JSON.stringify(metadata),
            ]);
          };
    const r = await runWriters(writers, events, write);
    return {
      method,
      writers,
      events: r.events,
      seconds: r.seconds,
      perSecond: r.events / r.seconds,
      p50: percentile(r.latencies, 50),
      p99: percentile(r.latencies, 99),
    };
  } finally {
    await emmett?.close();
    await handle.close();
  }
};
