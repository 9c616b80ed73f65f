import { describe, expect, it } from 'vitest';
import { createHealthRegistry, listenersHealthCheck, type HealthCheck } from '@app/platform';

const fixed = (name: string, status: 'ok' | 'degraded' | 'down', critical = false): HealthCheck => ({
  name,
  critical,
  check: () => Promise.resolve({ status }),
});

describe('the health registry behind /healthz', () => {
  it('is ok when every check is ok, degraded when a non-critical one is down, down when a critical one is', async () => {
    const health = createHealthRegistry();
    health.add(fixed('database', 'ok', true));
    const remove = health.add(fixed('job queue (redis)', 'down'));
    expect(await health.report()).toEqual({
      status: 'degraded',
      checks: { database: { status: 'ok' }, 'job queue (redis)': { status: 'down' } },
    });
    remove();
    expect((await health.report()).status).toBe('ok');
    health.add(fixed('db again', 'down', true));
    expect((await health.report()).status).toBe('down');
  });

  it('counts a check that throws or never answers as down, and still answers', async () => {
    const health = createHealthRegistry();
    health.add({ name: 'hangs', check: () => new Promise(() => undefined) });
    health.add({ name: 'throws', check: () => Promise.reject(new Error('no route to it')) });
    expect(await health.report(50)).toEqual({
      status: 'degraded',
      checks: {
        hangs: { status: 'down', detail: 'no answer within 50 ms' },
        throws: { status: 'down', detail: 'no route to it' },
      },
    });
  });

  it('names the LISTEN connection that is down, and since when', async () => {
    const since = new Date('2026-01-02T03:04:05.000Z');
    const check = listenersHealthCheck(() => [
      {
        name: 'reactor',
        channels: ['events'],
        connected: true,
        downSince: null,
        lastError: null,
        reconnects: 0,
      },
      {
        name: 'live fan-out',
        channels: ['rm_changed'],
        connected: false,
        downSince: since,
        lastError: 'ECONNREFUSED',
        reconnects: 2,
      },
    ]);
    expect(await check.check()).toEqual({
      status: 'down',
      detail:
        'reactor: connected; live fan-out: down since 2026-01-02T03:04:05.000Z (ECONNREFUSED), reconnecting',
    });
  });
});
