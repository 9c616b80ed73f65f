import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { backoffDelay, listen, listenerStatuses, type Listener } from '@app/platform';
import { testServerUrl } from '@app/platform/testing';
import { startRestartablePostgres, type RestartablePostgres } from '../support/restartable-postgres';

const query = async (url: string, text: string, values: unknown[] = []) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<Record<string, unknown>>(text, values)).rows;
  } finally {
    await c.end();
  }
};

/** NOTIFYs `channel` until `received` holds `payload`: a notification sent before LISTEN is back is lost. */
const notifyUntilHeard = async (url: string, channel: string, received: string[], payload: string) => {
  await vi.waitFor(
    async () => {
      if (!received.includes(payload)) await query(url, 'select pg_notify($1, $2)', [channel, payload]);
      expect(received).toContain(payload);
    },
    { timeout: 20_000, interval: 200 },
  );
};

const opened: Listener[] = [];
let server: RestartablePostgres | undefined;
afterAll(async () => {
  for (const l of opened) await l.close();
  await server?.destroy();
});

describe('the backoff between reconnections', () => {
  it('doubles from 250 ms and stays at most 10 s, forever, with jitter in the upper half', () => {
    expect(backoffDelay(0, undefined, () => 1)).toBe(250);
    expect(backoffDelay(0, undefined, () => 0)).toBe(125);
    expect(backoffDelay(3, undefined, () => 1)).toBe(2000);
    expect(backoffDelay(100, undefined, () => 1)).toBe(10_000);
    expect(backoffDelay(100, undefined, () => 0)).toBe(5000);
  });
});

describe('listen()', () => {
  it('reconnects after its connection is terminated, says so, and hears later NOTIFYs', async () => {
    const url = testServerUrl();
    const channel = `reconnect_${randomBytes(4).toString('hex')}`;
    const received: string[] = [];
    let reconnected = 0;
    const listener = await listen(url, [channel], (_c, payload) => received.push(payload), undefined, {
      name: 'test listener',
      onReconnected: () => (reconnected += 1),
    });
    opened.push(listener);
    expect(listener.status()).toMatchObject({ name: 'test listener', connected: true, reconnects: 0 });
    expect(listenerStatuses().map((s) => s.name)).toContain('test listener');
    await notifyUntilHeard(url, channel, received, 'before');

    const terminated = await query(
      url,
      `select pg_terminate_backend(pid) as ok from pg_stat_activity where query = $1 and pid <> pg_backend_pid()`,
      [`LISTEN ${pg.escapeIdentifier(channel)}`],
    );
    expect(terminated).toEqual([{ ok: true }]);

    await vi.waitFor(() => expect(listener.status()).toMatchObject({ connected: true, reconnects: 1 }), {
      timeout: 20_000,
    });
    expect(reconnected).toBe(1);
    expect(listener.status().lastError).toBeTruthy();
    await notifyUntilHeard(url, channel, received, 'after');
  });

  it('outlives a stopped database: still down and trying after more failed attempts than the old listener made, connected and hearing once it is back', async () => {
    server = await startRestartablePostgres();
    const url = server.url;
    const received: string[] = [];
    let reconnected = 0;
    let failures = 0;
    const onError = () => (failures += 1);
    const listener = await listen(url, ['outage'], (_c, payload) => received.push(payload), onError, {
      name: 'outage listener',
      onReconnected: () => (reconnected += 1),
    });
    opened.push(listener);
    await notifyUntilHeard(url, 'outage', received, 'before');

    await server.stop();
    await vi.waitFor(() => expect(listener.status().connected).toBe(false), { timeout: 10_000 });
    expect(listener.status().downSince).toBeInstanceOf(Date);
    // The old listener failed three times (the loss, then retries after 250 ms and 1 s) and gave up:
    // this one is still trying after a fourth.
    await vi.waitFor(() => expect(failures).toBeGreaterThanOrEqual(4), { timeout: 30_000, interval: 100 });
    expect(listener.status().connected).toBe(false);
    await server.start();

    await vi.waitFor(() => expect(listener.status()).toMatchObject({ connected: true, downSince: null }), {
      timeout: 30_000,
      interval: 100,
    });
    expect(reconnected).toBe(1);
    await notifyUntilHeard(url, 'outage', received, 'after');
  }, 60_000);

  it('is listed no more once closed', async () => {
    const listener = await listen(testServerUrl(), ['closing'], () => undefined, undefined, {
      name: 'closing one',
    });
    expect(listenerStatuses().map((s) => s.name)).toContain('closing one');
    await listener.close();
    expect(listenerStatuses().map((s) => s.name)).not.toContain('closing one');
  });
});
