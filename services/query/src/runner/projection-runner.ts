import pg from 'pg';
import type { ChangedMessage } from '@app/contracts';
import { coalescedNotify, followLog, type Db, type Logger, type RetryPolicy } from '@app/platform';
import type { Projection } from '../projections/projection';
import { changesChannel, projectionLockKey } from './channels';
import { pruneLiveChanges } from './live-changes';
import { announceLocalChanges } from './local-changes';
import { trackProjectedPositions } from './projected-positions';
import { runBatch } from './run-batch';

export interface ProjectionRunner {
  /**
   * Resolves once every projection has caught up with what is readable now. An event committed
   * while an older transaction elsewhere in the cluster is still open is not readable yet; to wait
   * for a given event use `waitForPosition`.
   */
  idle(): Promise<void>;
  /** Finishes the batch in flight, releases the lock. */
  stop(): Promise<void>;
  isLeader(): boolean;
  /**
   * Read-your-writes for a command: resolves true once this runner projected event `position` (its
   * rows committed, its `/live` pushes sent), false when `timeoutMs` passes first or when this
   * instance is not the one projecting.
   */
  awaitProjected(position: string, timeoutMs: number): Promise<boolean>;
}

export interface RunnerOptions {
  db: Db;
  databaseUrl: string;
  projections: readonly Projection[];
  logger: Logger;
  batchSize?: number;
  pollMs?: number;
  /** The backoff of a transient failure (its `maxAttempts` is not used: a projection never parks one). */
  retry?: RetryPolicy;
  /**
   * Told of each committed batch after this process's `/live` fan-outs: its changes and the positions
   * folded (a runner on its own thread hands them to the thread that serves requests).
   */
  onBatch?: (changes: readonly ChangedMessage[], positions: readonly string[]) => void;
  /** Told when this runner takes or loses the lead. */
  onLeadership?: (leader: boolean) => void;
}

const pruneEveryMs = 60_000;

/**
 * Keeps the read models up to date. Only the instance holding the advisory lock runs projections;
 * the others stand by and take over when it goes away.
 */
export const startProjectionRunner = async (opts: RunnerOptions): Promise<ProjectionRunner> => {
  const batchSize = opts.batchSize ?? 500;
  const log = opts.logger.child({ component: 'projections' });
  // The advisory lock lives on a connection of its own. When that connection is lost (server
  // restart, pg_terminate_backend, network) the lock is gone with it: this instance stops leading
  // and the next step connects again and competes for the lock, so a lone runner never stays idle.
  let lockClient: pg.Client | null = null;
  let leader = false;
  let stopping = false;
  const connectLock = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    c.on('error', (e) => log.warn({ err: e }, 'lock connection lost'));
    c.on('end', () => {
      if (lockClient !== c) return;
      lockClient = null;
      if (leader) {
        log.warn('projection runner lost the lead with its lock connection');
        opts.onLeadership?.(false);
      }
      leader = false;
    });
    await c.connect();
    return c;
  };
  lockClient = await connectLock();

  const projected = trackProjectedPositions();
  let prunedAt = 0;
  // The newest change this runner committed (its NOTIFY's payload).
  let newestSeq = '';
  const step = async (): Promise<{ more: boolean }> => {
    if (stopping) return { more: false };
    const client = lockClient ?? (lockClient = await connectLock());
    if (!leader) {
      const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
        projectionLockKey,
      ]);
      leader = r.rows[0]?.ok === true && lockClient === client;
      if (leader) {
        log.info('projection runner is leader');
        opts.onLeadership?.(true);
      }
      if (!leader) return { more: false };
    }
    const outcome = await runBatch(opts.db, opts.projections, {
      batchSize,
      ...(opts.retry ? { retry: opts.retry } : {}),
    });
    const changes: ChangedMessage[] = outcome.changes.map((c) => ({ type: 'changed', ...c }));
    if (changes.length > 0) {
      // `/live` in this process pushes them at once; other instances hear the NOTIFY and read them.
      announceLocalChanges(opts.databaseUrl, changes);
      for (const c of changes) if (newestSeq === '' || BigInt(c.seq) > BigInt(newestSeq)) newestSeq = c.seq;
      // Names the newest change: a fan-out that pushed it already (this process's) reads nothing.
      coalescedNotify(opts.db, changesChannel, () => newestSeq);
    }
    if (changes.length > 0 || outcome.positions.length > 0) opts.onBatch?.(changes, outcome.positions);
    if (outcome.setAside.length > 0)
      log.warn({ positions: outcome.setAside }, 'events set aside (GET /api/projections lists them)');
    projected.projected(outcome.positions);
    if (Date.now() - prunedAt > pruneEveryMs) {
      prunedAt = Date.now();
      await pruneLiveChanges(opts.db);
    }
    return { more: outcome.more };
  };

  const loop = await followLog(step, {
    databaseUrl: opts.databaseUrl,
    pollMs: opts.pollMs ?? 500,
    logger: log,
    what: 'projection',
  });

  return {
    idle: () => loop.idle(),
    isLeader: () => leader,
    awaitProjected: (position, timeoutMs) =>
      leader && !stopping ? projected.awaitProjected(position, timeoutMs) : Promise.resolve(false),
    stop: async () => {
      stopping = true;
      projected.close();
      await loop.stop();
      const c = lockClient;
      lockClient = null;
      if (leader) opts.onLeadership?.(false);
      leader = false;
      await c?.end().catch(() => undefined);
    },
  };
};
