import { sql } from 'kysely';
import { ChatId } from '@app/contracts';
import { briefError, listen, type Db, type Logger } from '@app/platform';
import type { StopBus } from './ports';
import { stopSubscriptions } from './stop-subscriptions';

export interface StopBusOptions {
  /** How long a published stop is remembered for the late subscribers (default 10 minutes). */
  stopRetentionMs?: number;
  /** How often old stops are forgotten (default every minute; 0: never). */
  pruneEveryMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

export interface PgStopBusOptions extends StopBusOptions {
  /** The NOTIFY channel (default `chat_stop`). */
  channel?: string;
}

/** A stop bus that can say when it hears stops (its LISTEN or SUBSCRIBE made its first attempt). */
export interface ListeningStopBus extends StopBus {
  ready(): Promise<void>;
}

export const chatStopChannel = 'chat_stop';
export const defaultStopRetentionMs = 10 * 60_000;

/**
 * Stops through PostgreSQL: `publish` records the stop in `chat_stops`, then NOTIFYs `chat_stop` with
 * the request id; every instance LISTENs on one connection (reconnecting forever) and calls its own
 * subscribers. A subscriber also looks once for a recorded stop when it subscribes, and every
 * subscriber looks again when the LISTEN connection comes back: a stop published meanwhile is not lost.
 */
export const pgStopBus = (db: Db, databaseUrl: string, opts: PgStopBusOptions = {}): ListeningStopBus => {
  const channel = opts.channel ?? chatStopChannel;
  const retentionMs = opts.stopRetentionMs ?? defaultStopRetentionMs;
  const subs = stopSubscriptions();
  const warn = (what: string) => (e: unknown) => opts.logger?.warn({ err: briefError(e) }, what);

  /** Fires the subscribers of `ids` whose stop is recorded. */
  const checkRecorded = async (ids: string[]): Promise<void> => {
    if (ids.length === 0) return;
    const since = new Date(Date.now() - retentionMs);
    const rows = await db
      .selectFrom('chat_stops')
      .select('request_id')
      .where('request_id', 'in', ids)
      .where('at', '>', since)
      .execute();
    rows.forEach((r) => subs.fire(r.request_id));
  };

  const listening = listen(
    databaseUrl,
    [channel],
    (_channel, payload) => subs.fire(payload),
    warn('chat stops: LISTEN connection lost, reconnecting'),
    {
      name: 'chat stops',
      onReconnected: () => void checkRecorded(subs.ids()).catch(warn('chat stops: check failed')),
    },
  );

  const prune = () =>
    db
      .deleteFrom('chat_stops')
      .where('at', '<', new Date(Date.now() - retentionMs))
      .execute();
  const pruneEveryMs = opts.pruneEveryMs ?? 60_000;
  const pruner =
    pruneEveryMs > 0
      ? setInterval(() => void prune().catch(warn('chat stops: prune failed')), pruneEveryMs).unref()
      : undefined;

  return {
    publish: async (requestId) => {
      ChatId.parse(requestId);
      await db
        .insertInto('chat_stops')
        .values({ request_id: requestId })
        .onConflict((oc) => oc.column('request_id').doUpdateSet({ at: sql<Date>`now()` }))
        .execute();
      subs.fire(requestId);
      await sql`select pg_notify(${channel}, ${requestId})`.execute(db);
    },
    subscribe: (requestId, onStop, options) => {
      const unsubscribe = subs.add(requestId, onStop);
      if (options?.lookBack !== false)
        void checkRecorded([requestId]).catch(warn('chat stops: check failed'));
      return unsubscribe;
    },
    ready: async () => {
      await listening;
    },
    close: async () => {
      clearInterval(pruner);
      await (await listening).close();
    },
  };
};
