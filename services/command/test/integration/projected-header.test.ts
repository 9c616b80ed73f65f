import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectedHeader, userSettingsRoutes, type RecordedEvent } from '@app/contracts';
import { allProjections, type Projection } from '@app/query';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

/**
 * A route that waits for its events' projection, other than the configuration save, says in
 * `x-projected` whether they are in the read models: here a user settings save, while a projection
 * sets aside the events of one user (it throws on them as a bug would: a lasting failure).
 */
const ann = 'ann@example.com';
const bob = 'bob@example.com';
const carl = 'carl@example.com';

const fragile: Projection = {
  name: 'fragile',
  readModel: null,
  handles: ['UserSettingsChanged'],
  apply: (e: RecordedEvent) =>
    e.streamId.includes(carl)
      ? Promise.reject(new TypeError('fragile cannot fold this'))
      : Promise.resolve([]),
  reset: () => Promise.resolve(),
};

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({
    admins: [ann],
    projections: [...allProjections, fragile],
    projectionWaitMs: 5000,
  });
});
afterAll(async () => {
  await p.close();
});

const save = async (email: string, theme: 'dark' | 'light') =>
  p.call(email, 'POST', userSettingsRoutes.save, { body: { theme } });

describe('x-projected on a route that waits for its projection', () => {
  it('is true when every event of the save is in the read models', async () => {
    const res = await save(bob, 'dark');
    expect(res.statusCode).toBe(200);
    expect(res.headers[projectedHeader]).toBe('true');
  });

  it('is false when a projection set one of the save’s events aside; the save itself stands (200)', async () => {
    const res = await save(carl, 'dark');
    expect(res.statusCode).toBe(200);
    expect(res.headers[projectedHeader]).toBe('false');
  });

  it('is true for a save that appends nothing (nothing to wait for)', async () => {
    await save(bob, 'light');
    const res = await save(bob, 'light');
    expect(res.statusCode).toBe(200);
    expect(res.headers[projectedHeader]).toBe('true');
  });
});

describe('x-projected where the routes do not wait (PROJECTION_WAIT_MS=0)', () => {
  let q: TestPlatform;
  beforeAll(async () => {
    q = await startTestPlatform({ admins: [ann] });
  });
  afterAll(async () => {
    await q.close();
  });

  it('is false: the answer does not claim its events are shown', async () => {
    const res = await q.call(bob, 'POST', userSettingsRoutes.save, { body: { theme: 'dark' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers[projectedHeader]).toBe('false');
  });
});
