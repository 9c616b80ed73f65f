import pg from 'pg';
import type { Logger } from '@app/platform';

/** First key of the reactor's two-key advisory locks (the second is hashtext of the checkpoint name). */
export const reactorLockClass = 7_301_002;

export interface Leadership {
  /** Whether this instance leads now; tries to take the lock when it does not. */
  check(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * One leader per name across every instance: a session advisory lock on a connection of its own
 * (it holds no transaction, so it never holds back pg_snapshot_xmin). When the connection drops,
 * the lock is gone: the next check reconnects and tries again.
 */
export const leadership = (databaseUrl: string, name: string, log: Logger): Leadership => {
  let client: pg.Client | null = null;
  let leader = false;
  let closed = false;

  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('error', (e) => log.warn({ err: e }, 'leadership connection lost'));
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      if (leader) log.warn('reactor lost its leadership lock');
      leader = false;
    });
    await c.connect();
    return c;
  };

  return {
    check: async () => {
      if (closed) return false;
      if (leader) return true;
      client ??= await connect();
      const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [
        reactorLockClass,
        name,
      ]);
      leader = r.rows[0]?.ok === true;
      if (leader) log.info({ name }, 'reactor is leader');
      return leader;
    },
    close: async () => {
      closed = true;
      leader = false;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
};
