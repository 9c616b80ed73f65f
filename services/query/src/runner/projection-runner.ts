import pg from 'pg';
import { eventsChannel, listen, startCatchUpLoop, type Db, type Listener, type Logger } from '@app/platform';
import type { Projection } from '../projections/projection';
import { projectionLockKey } from './channels';
import { runBatch } from './run-batch';

export interface ProjectionRunner {
  /** Resolves once every projection has caught up with what is readable now. */
  idle(): Promise<void>;
  /** Finishes the batch in flight, releases the lock. */
  stop(): Promise<void>;
  isLeader(): boolean;
}

export interface RunnerOptions {
  db: Db;
  databaseUrl: string;
  projections: readonly Projection[];
  logger: Logger;
  batchSize?: number;
  pollMs?: number;
}

/**
 * Keeps the read models up to date. Only the instance holding the advisory lock runs projections;
 * the others stand by and take over when it goes away.
 */
export const startProjectionRunner = async (opts: RunnerOptions): Promise<ProjectionRunner> => {
  const batchSize = opts.batchSize ?? 500;
  const log = opts.logger.child({ component: 'projections' });
  const lockClient = new pg.Client({ connectionString: opts.databaseUrl });
  lockClient.on('error', (e) => log.warn({ err: e }, 'lock connection lost'));
  await lockClient.connect();
  let leader = false;
  let lockLost = false;
  lockClient.on('end', () => {
    lockLost = true;
    leader = false;
  });

  const step = async (): Promise<{ more: boolean }> => {
    if (lockLost) return { more: false };
    if (!leader) {
      const r = await lockClient.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [projectionLockKey]);
      leader = r.rows[0]?.ok === true;
      if (leader) log.info('projection runner is leader');
      if (!leader) return { more: false };
    }
    let more = false;
    for (const p of opts.projections) more = (await runBatch(opts.db, p, batchSize)).more || more;
    return { more };
  };

  const loop = startCatchUpLoop(step, {
    pollMs: opts.pollMs ?? 500,
    onError: (e) => log.error({ err: e }, 'projection batch failed; retrying'),
  });
  let listener: Listener | undefined;
  try {
    listener = await listen(opts.databaseUrl, [eventsChannel], () => loop.wake(), (e) =>
      log.warn({ err: e }, 'event notifications interrupted; polling meanwhile'),
    );
  } catch (e) {
    log.warn({ err: e }, 'cannot LISTEN; polling only');
  }

  return {
    idle: () => loop.idle(),
    isLeader: () => leader,
    stop: async () => {
      await loop.stop();
      await listener?.close();
      await lockClient.end().catch(() => undefined);
    },
  };
};
