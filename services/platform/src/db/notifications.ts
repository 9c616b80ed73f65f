import pg from 'pg';

/** What one LISTEN connection is doing now (for /healthz and the logs). */
export interface ListenerStatus {
  /** Who listens: 'reactor', 'projections', 'live fan-out'... */
  name: string;
  channels: readonly string[];
  connected: boolean;
  /** Since when it has been without a connection (null while connected). */
  downSince: Date | null;
  /** The last connection error, briefly (an error code, or the server's words). */
  lastError: string | null;
  /** How many times it has connected again after losing its connection. */
  reconnects: number;
}

export interface Listener {
  status(): ListenerStatus;
  close(): Promise<void>;
}

export interface Backoff {
  /** The first wait after a failure. */
  initialMs: number;
  /** The longest wait: retries go on forever at this pace. */
  maxMs: number;
}

export const defaultListenBackoff: Backoff = { initialMs: 250, maxMs: 10_000 };

/**
 * The wait before retry `attempt` (0 first): doubling from `initialMs` up to `maxMs`, then a random
 * point in its upper half, so many listeners that lost the same server do not come back at once.
 */
export const backoffDelay = (
  attempt: number,
  backoff: Backoff = defaultListenBackoff,
  random: () => number = Math.random,
): number => {
  const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
};

/**
 * An error in a few words that are safe to show on /healthz: a system error's code (ECONNREFUSED,
 * not the address it tried), else the server's message.
 */
export const briefError = (e: unknown): string => {
  if (e instanceof Error) {
    const code = (e as Error & { code?: unknown; syscall?: unknown }).code;
    const system = 'syscall' in e || 'errno' in e;
    if (system && typeof code === 'string') return code;
    return e.message.slice(0, 160);
  }
  return String(e).slice(0, 160);
};

export interface ListenOptions {
  /** Who listens, as /healthz names it (default: the channels). */
  name?: string;
  /**
   * Called each time the connection is back after a loss (not on the first connect): whatever was
   * NOTIFYed meanwhile is lost, so the consumer catches up now (reads again, tells its sockets).
   */
  onReconnected?: () => void;
  backoff?: Backoff;
}

const active = new Set<Listener>();

/** Every LISTEN connection of this process that is not closed, as /healthz reports them. */
export const listenerStatuses = (): ListenerStatus[] => [...active].map((l) => l.status());

/**
 * LISTENs on channels with a dedicated connection, and reconnects whenever it drops, forever, with
 * a capped, jittered backoff (`defaultListenBackoff`: 250 ms doubling to 10 s). Resolves after the
 * first attempt, connected or not (then it keeps trying). A notification sent while the connection
 * is down is lost: `onReconnected` says when to catch up.
 */
export const listen = async (
  url: string,
  channels: readonly string[],
  onNotify: (channel: string, payload: string) => void,
  onError: (e: unknown) => void = () => undefined,
  options: ListenOptions = {},
): Promise<Listener> => {
  const backoff = options.backoff ?? defaultListenBackoff;
  const name = options.name ?? channels.join(', ');
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;
  let everConnected = false;
  let downSince: Date | null = new Date();
  let lastError: string | null = null;
  let reconnects = 0;

  const schedule = (): void => {
    if (closed || retry) return;
    retry = setTimeout(
      () => {
        retry = undefined;
        void connect();
      },
      backoffDelay(attempt++, backoff),
    );
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 10_000 });
    let lost = false;
    const lose = (e: unknown): void => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      void c.end().catch(() => undefined);
      if (closed) return;
      downSince ??= new Date();
      lastError = briefError(e);
      onError(e);
      schedule();
    };
    c.on('notification', (n) => onNotify(n.channel, n.payload ?? ''));
    c.on('error', lose);
    c.on('end', () => lose(new Error('the LISTEN connection ended')));
    try {
      await c.connect();
      for (const ch of channels) await c.query(`LISTEN ${pg.escapeIdentifier(ch)}`);
    } catch (e) {
      lose(e);
      return;
    }
    if (lost) return;
    if (closed) {
      lost = true;
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    attempt = 0;
    downSince = null;
    if (everConnected) {
      reconnects += 1;
      options.onReconnected?.();
    }
    everConnected = true;
  };

  const listener: Listener = {
    status: () => ({
      name,
      channels,
      connected: client !== null,
      downSince: client === null ? downSince : null,
      lastError,
      reconnects,
    }),
    close: async () => {
      closed = true;
      active.delete(listener);
      clearTimeout(retry);
      retry = undefined;
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
  active.add(listener);
  await connect();
  return listener;
};
