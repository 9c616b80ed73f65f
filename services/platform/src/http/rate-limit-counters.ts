import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { preparedRows, type Db } from '../db/database';
import { turnBatcher } from '../db/turn-batch';
import { backoffDelay, defaultListenBackoff } from '../db/notifications';

/** A caller's count in its current window, and the milliseconds until that window ends. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/** Request budgets' counters, shared by every instance: one round trip counts one request. */
export interface WindowCounter {
  /** Counts one request against `key`; a window of `windowMs` starts with the first request after the last ended. */
  incr(key: string, windowMs: number): Promise<WindowCount>;
  close(): Promise<void>;
}

// The counters' one statement, for the requests of one turn ($1 their keys, $2 each one's window in
// ms): each key counted once by how many of them it has (n), in the keys' order (concurrent
// statements lock the rows in the same order). A key's first requests (or the first after its window
// ended) start a window of its ms at n; any others add n. The database's clock decides, so
// instances agree. Its commit does not wait for the WAL flush (set_config local to its own
// transaction): a count lost in a crash of the database only gives a caller a fuller budget, as a
// restarted Redis would.
const countStatement = `
  insert into rate_limit_counters as c (key, count, resets_at)
  select a.key, count(*)::int, now() + max(a.window_ms) * interval '1 millisecond'
  from unnest($1::text[], $2::double precision[]) as a(key, window_ms),
    (select set_config('synchronous_commit', 'off', true)) as commit_without_flush
  group by a.key
  order by a.key
  on conflict (key) do update set
    count = case when c.resets_at <= now() then excluded.count else c.count + excluded.count end,
    resets_at = case when c.resets_at <= now() then excluded.resets_at else c.resets_at end
  returning key, count, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::integer as ttl`;

interface CountRow {
  key: string;
  count: number;
  ttl: number;
}

interface Asked {
  key: string;
  windowMs: number;
}

/**
 * Each request's own count, as if counted one after the other in the order asked: a key asked n
 * times whose counter now reads `count` gave its requests count - n + 1, ..., count.
 */
export const countsInOrder = (
  asked: readonly Asked[],
  rows: readonly CountRow[],
): (WindowCount | Error)[] => {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const times = new Map<string, number>();
  for (const a of asked) times.set(a.key, (times.get(a.key) ?? 0) + 1);
  const seen = new Map<string, number>();
  return asked.map((a) => {
    const row = byKey.get(a.key);
    if (!row) return new Error('rate limit counter answered no row');
    const before = seen.get(a.key) ?? 0;
    seen.set(a.key, before + 1);
    return { current: row.count - (times.get(a.key) ?? 1) + before + 1, ttl: row.ttl };
  });
};

/** How often an instance deletes the rows whose window has ended. */
const pruneEveryMs = 60_000;

/**
 * The counters in PostgreSQL (`rate_limit_counters`, migration 0024): the requests of one turn of the
 * loop counted by one upsert, a named prepared statement on the pool's connections. Each instance
 * deletes ended windows once a minute, so callers seen once (anonymous addresses) do not stay.
 */
export const pgWindowCounter = (db: Db): WindowCounter => {
  const prune = setInterval(() => {
    sql`delete from rate_limit_counters where resets_at <= now()`.execute(db).catch(() => undefined);
  }, pruneEveryMs);
  prune.unref();
  const counts = turnBatcher<Asked, WindowCount>(async (asked) => {
    const rows = await preparedRows<CountRow>(db, 'rate_limit_count', countStatement, [
      asked.map((a) => a.key),
      asked.map((a) => a.windowMs),
    ]);
    return countsInOrder(asked, rows);
  });
  return {
    incr: (key, windowMs) => counts.load({ key, windowMs }),
    close: () => {
      clearInterval(prune);
      return Promise.resolve();
    },
  };
};

// INCR, and the window's expiry set by the request that opened it (or restored if a key lost it).
const countScript = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** Key prefix of the counters on Redis. */
export const redisRateLimitPrefix = 'rate-limit:';

/**
 * The counters on Redis (REDIS_URL): one script per request (INCR, PEXPIRE on a new window, PTTL),
 * so the count and its window move together. A connection of its own that fails fast while Redis
 * is down (one retry, a bounded wait) and reconnects with the LISTEN connections' backoff.
 */
export const redisWindowCounter = (url: string): WindowCounter => {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    retryStrategy: (times) => backoffDelay(times - 1, defaultListenBackoff),
  });
  // Errors reach the requests that counted (and are logged there); an idle connection's are not news.
  redis.on('error', () => undefined);
  return {
    incr: async (key, windowMs) => {
      const answer = (await redis.eval(countScript, 1, `${redisRateLimitPrefix}${key}`, windowMs)) as [
        number,
        number,
      ];
      return { current: Number(answer[0]), ttl: Number(answer[1]) };
    },
    close: async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
};
