import pg from 'pg';

export interface Listener {
  close(): Promise<void>;
}

/**
 * LISTENs on channels with a dedicated connection and reconnects when it drops. A missed
 * notification is never fatal: every consumer also polls.
 */
export const listen = async (
  url: string,
  channels: readonly string[],
  onNotify: (channel: string, payload: string) => void,
  onError: (e: unknown) => void = () => undefined,
): Promise<Listener> => {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => onNotify(n.channel, n.payload ?? ''));
    c.on('error', (e) => {
      onError(e);
      reconnect(c);
    });
    c.on('end', () => reconnect(c));
    await c.connect();
    for (const ch of channels) await c.query(`LISTEN ${pg.escapeIdentifier(ch)}`);
    client = c;
  };

  const reconnect = (failed: pg.Client): void => {
    if (closed || client !== failed) return;
    client = null;
    retry = setTimeout(() => {
      connect().catch((e: unknown) => {
        onError(e);
        if (!closed) retry = setTimeout(() => void connect().catch(onError), 1000);
      });
    }, 250);
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
};
