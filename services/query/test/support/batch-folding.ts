import { sql, type KyselyPlugin, type UnknownRow } from 'kysely';
import type { EventMetadata, RecordedEvent } from '@app/contracts';
import { appendToStream, type Db } from '@app/platform';
import type { Applied, Projection } from '../../src/projections/projection';
import { checkpointName, projectionCheckpoint, runBatch } from '../../src/runner/run-batch';

/** One event of a test log: its stream, who recorded it and when (the log's `recorded_at`). */
export interface LogEvent {
  streamId: string;
  type: string;
  data: unknown;
  actor: string;
  at: string;
}

const metadataOf = (actor: string, n: number): EventMetadata => ({
  actor: { email: actor, kind: 'user' },
  commandId: `c${n}`,
  correlationId: `c${n}`,
  causationId: `c${n}`,
  requestId: `r${n}`,
  schemaVersion: 1,
});

/** Appends `events` to the log one by one, each recorded at its `at`. */
export const appendLog = async (db: Db, events: readonly LogEvent[]): Promise<void> => {
  for (const [n, e] of events.entries()) {
    const { position } = await appendToStream(db, e.streamId, [{ type: e.type, data: e.data }], {
      expectedVersion: 'any',
      metadata: metadataOf(e.actor, n),
    });
    await sql`update events set recorded_at = ${e.at} where global_position = ${position}`.execute(db);
  }
};

/** How a fold went: each event's answer (in log order), the statements it ran, and how it ran them. */
export interface FoldRecord {
  answers: Applied[];
  /** Statements run by each `applyMany` call, or by each `apply` call. */
  statements: number[];
  manyCalls: number;
  applyCalls: number;
}

/** A Kysely plugin counting the statements run through it. */
const counting = (count: { n: number }): KyselyPlugin => ({
  transformQuery: (args) => args.node,
  transformResult: (args) => {
    count.n += 1;
    return Promise.resolve(args.result as { rows: UnknownRow[] });
  },
});

/**
 * The projection as the runner sees it, recording each answer and the statements each call runs;
 * `eventByEvent` drops its `applyMany`, so the runner folds with `apply` alone.
 */
export const recording = (
  p: Projection,
  eventByEvent: boolean,
): { projection: Projection; record: FoldRecord } => {
  const record: FoldRecord = { answers: [], statements: [], manyCalls: 0, applyCalls: 0 };
  const counted = async <T>(trx: Db, run: (db: Db) => Promise<T>): Promise<T> => {
    const count = { n: 0 };
    const result = await run(trx.withPlugin(counting(count)));
    record.statements.push(count.n);
    return result;
  };
  const { applyMany, applyBatch: _rebuildsOnly, ...rest } = p;
  const projection: Projection = {
    ...rest,
    apply: async (event, trx) => {
      record.applyCalls += 1;
      const answer = await counted(trx, (db) => p.apply(event, db));
      record.answers.push(answer);
      return answer;
    },
    ...(applyMany && !eventByEvent
      ? {
          applyMany: async (events: readonly RecordedEvent[], trx: Db) => {
            record.manyCalls += 1;
            const answers = await counted(trx, (db) => applyMany(events, db));
            record.answers.push(...answers);
            return answers;
          },
        }
      : {}),
  };
  return { projection, record };
};

/** Empties the projection's read model and its checkpoint: the next fold starts from the log's start. */
export const resetProjection = async (db: Db, p: Projection): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await p.reset(trx);
    await trx.deleteFrom('checkpoints').where('name', '=', checkpointName(p)).execute();
  });
};

const logEnd = async (db: Db): Promise<string> => {
  const row = await db
    .selectFrom('events')
    .select(sql<string>`coalesce(max(global_position), 0)::text`.as('last'))
    .executeTakeFirstOrThrow();
  return row.last;
};

/**
 * Runs the live runner's batches of `batchSize` until the projection has folded the whole log. A batch
 * reads only what no open transaction on the server may still precede, so it waits, polling, while
 * another transaction holds the log back.
 */
export const foldLog = async (
  db: Db,
  p: Projection,
  batchSize: number,
  timeoutMs = 20_000,
): Promise<void> => {
  const last = await logEnd(db);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = await runBatch(db, [p], { batchSize });
    if ((await projectionCheckpoint(db, p)).globalPosition === last) return;
    if (outcome.positions.length === 0) {
      if (Date.now() > deadline) throw new Error(`the runner did not reach position ${last}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
};
