import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { pgBackend, redisBackend, redisUrl, uniqueId, type StreamsBackend } from './chat-streams-backends';

let database: TestDatabase;
const backends: Record<string, StreamsBackend> = {};
beforeAll(async () => {
  database = await createTestDatabase();
  backends['postgres'] = pgBackend(database);
  if (redisUrl) backends['redis'] = redisBackend(redisUrl);
});
afterAll(async () => {
  await Promise.all(Object.values(backends).map((b) => b.close()));
  await database.drop();
});

describe.each(['postgres', ...(redisUrl ? ['redis'] : [])])('stop bus on %s', (name) => {
  const backend = () => backends[name]!;

  /** Two instances of the bus, as two processes have. */
  const twoInstances = async () => {
    const a = backend().stopBus();
    const b = backend().stopBus();
    await Promise.all([a.ready(), b.ready()]);
    return { a, b };
  };

  it('a stop published by one instance reaches a subscriber of another, and one of its own', async () => {
    const { a, b } = await twoInstances();
    const id = uniqueId('stop');
    const onB = vi.fn();
    const onA = vi.fn();
    b.subscribe(id, onB);
    a.subscribe(id, onA);
    const other = vi.fn();
    b.subscribe(uniqueId('other'), other);
    await a.publish(id);
    await expect.poll(() => onB.mock.calls.length).toBe(1);
    expect(onA).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('a stop published before the subscription is still seen', async () => {
    const { a, b } = await twoInstances();
    const id = uniqueId('early');
    await a.publish(id);
    // A stop published after it reached b: so the first one has come and gone unheard.
    const marker = uniqueId('marker');
    const onMarker = vi.fn();
    b.subscribe(marker, onMarker);
    await a.publish(marker);
    await expect.poll(() => onMarker.mock.calls.length).toBe(1);
    const onB = vi.fn();
    b.subscribe(id, onB);
    await expect.poll(() => onB.mock.calls.length).toBe(1);
  });

  it('a subscriber from before its request is recorded looks nothing up, and hears what comes after', async () => {
    const { a, b } = await twoInstances();
    const id = uniqueId('unrecorded');
    const marker = uniqueId('marker');
    await a.publish(id);
    await a.publish(marker);
    const unheard = vi.fn();
    b.subscribe(id, unheard, { lookBack: false });
    // A subscriber that looks back, after it, finds its own stop: a lookup of the first would have by then.
    const looking = vi.fn();
    b.subscribe(marker, looking);
    await expect.poll(() => looking.mock.calls.length).toBe(1);
    expect(unheard).not.toHaveBeenCalled();

    await a.publish(id);

    await expect.poll(() => unheard.mock.calls.length).toBe(1);
  });

  it('an unsubscribed handler is not called', async () => {
    const { a, b } = await twoInstances();
    const id = uniqueId('unsubscribed');
    const gone = vi.fn();
    b.subscribe(id, gone)();
    await a.publish(id);
    const later = vi.fn();
    b.subscribe(id, later);
    await expect.poll(() => later.mock.calls.length).toBe(1);
    expect(gone).not.toHaveBeenCalled();
  });

  it('refuses to publish what is not a request id', async () => {
    const { a } = await twoInstances();
    await expect(a.publish('not a request id!')).rejects.toThrow();
  });
});

describe('stop bus on postgres: a lost LISTEN connection', () => {
  it('a stop published while the connection was down is seen once it is back', async () => {
    const backend = backends['postgres']!;
    const a = backend.stopBus();
    const b = backend.stopBus();
    await Promise.all([a.ready(), b.ready()]);
    const id = uniqueId('reconnect');
    const onB = vi.fn();
    b.subscribe(id, onB);
    // Cut every LISTEN connection to the test database (the buses' own), then publish at once.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'`,
    );
    await admin.end();
    await a.publish(id);
    await expect.poll(() => onB.mock.calls.length).toBe(1);
  });
});
