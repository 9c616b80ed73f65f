/**
 * `replay`: the one CLI command that needs the query service's projections. It is its own module,
 * loaded only by events-cli.ts through a dynamic import, so nothing in the platform's product code
 * (src/index.ts and what it exports) ever imports @app/query: the layering stays
 * platform <- query, and the CLI is a tool on top of both.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '@app/migrations';
import { allProjections, rebuild, type Projection } from '@app/query';
// Not exported by @app/query's index (yet): the runner's lock key and the read code of GET /amplifymin/configs.
import { projectionLockKey } from '@app/query';
import { readAdmins, readFeatureFlags, readSectionMeta } from '@app/query';
import type { Db } from '@app/platform';
import type { Checkpoint } from '@app/platform';
import type { ReplayOptions } from './args';
import { CliError } from './connection';
import { note, writeLine } from './output';
import { resolvePosition } from './positions';

const selectProjections = (name: string | undefined): readonly Projection[] => {
  if (name === undefined) return allProjections;
  const p = allProjections.find((x) => x.name === name);
  if (!p) {
    throw new CliError(
      `Unknown projection "${name}"; known: ${allProjections.map((x) => x.name).join(', ')}`,
    );
  }
  return [p];
};

const ms = (start: number) => `${(performance.now() - start).toFixed(0)} ms`;

/**
 * Rebuilds the live read models. Holds the projection runner's advisory lock meanwhile, so no runner
 * applies a batch to the rows being rebuilt; a running platform holds that lock, hence the refusal.
 */
const rebuildLive = async (
  db: Db,
  databaseUrl: string,
  projections: readonly Projection[],
): Promise<void> => {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    const r = await lock.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [projectionLockKey]);
    if (r.rows[0]?.ok !== true) {
      throw new CliError(
        'A projection runner holds the projection lock (the platform is running): stop it before a replay, ' +
          'or use `replay --until POS`, which leaves the live read models alone.',
      );
    }
    const total = performance.now();
    for (const p of projections) {
      const start = performance.now();
      const count = await rebuild(db, p);
      await writeLine(`${p.name}: rebuilt from position 0, ${count} events folded in ${ms(start)}`);
    }
    await writeLine(`replayed ${projections.length} projection(s) in ${ms(total)}`);
  } finally {
    await lock.end().catch(() => undefined);
  }
};

/** What each projection's rows read as, with the code of GET /amplifymin/configs. */
const readers: Record<string, (db: Db) => Promise<[string, unknown]>> = {
  admins: async (db) => ['admins', await readAdmins(db)],
  featureFlags: async (db) => ['featureFlags', await readFeatureFlags(db)],
  sections: async (db) => ['sections', await readSectionMeta(db)],
};

const digits = (s: string) => {
  if (!/^\d+$/.test(s)) throw new Error(`not a position: ${s}`);
  return sql.raw(`'${s}'`);
};

/** Waits (bounded) until every transaction up to the target has finished, so the fold can reach it. */
const waitVisible = async (db: Db, target: Checkpoint): Promise<void> => {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { rows } = await sql<{ ok: boolean }>`
      select ${target.transactionId}::xid8 < pg_snapshot_xmin(pg_current_snapshot()) as ok`.execute(db);
    if (rows[0]?.ok === true) return;
    if (Date.now() > deadline) {
      throw new CliError(
        'An older transaction is still open; the log up to that position is not readable yet. Retry.',
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * The configuration as it was at event POS, without touching the live read models: one session of
 * its own (a pool of one connection) gets temporary copies of every rm_* table, of `checkpoints` and
 * of `projection_parks` (a rebuild clears and sets aside events there), and a temporary view `events` that ends at POS in commit order. PostgreSQL looks names up in the
 * session's temporary schema first, so the very projection code (`rebuild`) and read code the
 * services run write and read those copies; they vanish with the session.
 */
const foldUntil = async (
  databaseUrl: string,
  liveDb: Db,
  projections: readonly Projection[],
  until: string,
): Promise<void> => {
  const target = await resolvePosition(liveDb, until);
  if (target.note) note(target.note);
  if (target.checkpoint.globalPosition === '0')
    throw new CliError(`The log has no event at or before position ${until}`);
  await waitVisible(liveDb, target.checkpoint);

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, idleTimeoutMillis: 0 });
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    const { rows: schemaRows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = sql.id(schemaRows[0]?.schema ?? 'public');
    const { rows: tables } = await sql<{ name: string }>`
      select tablename as name from pg_tables
      where schemaname = current_schema()
        and (tablename like 'rm\_%' or tablename in ('checkpoints', 'projection_parks'))`.execute(db);
    for (const { name } of tables) {
      await sql`create temporary table ${sql.id(name)} (like ${schema}.${sql.id(name)} including all)`.execute(
        db,
      );
    }
    const { transactionId, globalPosition } = target.checkpoint;
    await sql`
      create temporary view events as select * from ${schema}.events
      where (transaction_id, global_position) <= (${digits(transactionId)}::xid8, ${digits(globalPosition)}::bigint)`.execute(
      db,
    );

    let folded = 0;
    for (const p of projections) folded = Math.max(folded, await rebuild(db, p));
    const at = await db
      .selectFrom('events')
      .select(['global_position', 'recorded_at', 'stream_id', 'event_type'])
      .where('global_position', '=', globalPosition)
      .executeTakeFirst();
    const configuration: Record<string, unknown> = {};
    for (const p of projections) {
      const read = readers[p.name];
      if (!read) continue;
      const [key, value] = await read(db);
      configuration[key] = value;
    }
    const answer = {
      until,
      foldedThrough: at
        ? {
            position: at.global_position,
            recordedAt: at.recorded_at.toISOString(),
            stream: at.stream_id,
            type: at.event_type,
          }
        : { position: globalPosition },
      eventsFolded: folded,
      projections: projections.map((p) => p.name),
      configuration,
    };
    await writeLine(JSON.stringify(answer, null, 2));
  } finally {
    await db.destroy();
  }
};

export const runReplay = async (db: Db, databaseUrl: string, o: ReplayOptions): Promise<void> => {
  const projections = selectProjections(o.projection);
  if (o.until === undefined) await rebuildLive(db, databaseUrl, projections);
  else await foldUntil(databaseUrl, db, projections, o.until);
};
