import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { adminsStreamId, featureFlagsStreamId, routes, type RecordedEvent } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: TestPlatform;
/** The events of the first save (ann's) and of the second (bob's), each one transaction. */
let first: RecordedEvent[] = [];
let second: RecordedEvent[] = [];
let seeded: RecordedEvent[] = [];

beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann, bob] });
  // Signed in first: their SignedIn events are part of what was there before the saves.
  await p.signIn(ann);
  await p.signIn(bob);
  seeded = await p.allEvents();
  const a = await p.save(ann, [
    {
      type: 'featureFlags',
      data: { darkMode: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } },
    },
  ]);
  expect(a.status).toBe(200);
  first = (await p.allEvents()).slice(seeded.length);
  // The next transaction starts in a later millisecond than the first one committed in (recordedAt has ms precision).
  const firstAt = new Date(first[0]!.recordedAt).getTime();
  for (;;) {
    const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(p.database.db);
    if (rows[0]!.now.getTime() > firstAt) break;
  }
  const b = await p.save(bob, [
    { type: 'admins', data: [ann, bob, 'carl@example.com'] },
    {
      type: 'featureFlags',
      data: { darkMode: { enabled: false, userExceptions: [], amplifyGroupExceptions: [] } },
    },
  ]);
  expect(b.status).toBe(200);
  second = (await p.allEvents()).slice(seeded.length + first.length);
});
afterAll(async () => {
  await p.close();
});

const query = async (qs: string): Promise<RecordedEvent[]> => {
  const res = await p.call(ann, 'GET', `${routes.events}${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ success: true; data: RecordedEvent[] }>().data;
};
const positions = (events: readonly RecordedEvent[]) => events.map((e) => e.globalPosition);

describe('GET /api/events: the log for operators', () => {
  it('answers every event in position order, with metadata and transaction id', async () => {
    const all = await query('');
    expect(positions(all)).toEqual(positions([...seeded, ...first, ...second]));
    expect(all[all.length - 1]).toMatchObject({
      streamId: featureFlagsStreamId,
      type: 'FeatureFlagDisabled',
      metadata: { actor: { email: bob, kind: 'admin' }, schemaVersion: 1 },
      transactionId: expect.stringMatching(/^\d+$/) as string,
    });
  });

  it('filters by stream', async () => {
    const events = await query(`?stream=${adminsStreamId}`);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['AdminAdded', { email: ann }],
      ['AdminAdded', { email: bob }],
      ['AdminAdded', { email: 'carl@example.com' }],
    ]);
  });

  it('filters by type', async () => {
    const events = await query('?type=FeatureFlagEnabled');
    expect(positions(events)).toEqual(positions(first.filter((e) => e.type === 'FeatureFlagEnabled')));
  });

  it('filters by actor (case-insensitive)', async () => {
    const bobsSignIn = seeded.filter((e) => e.type === 'SignedIn' && e.metadata.actor.email === bob);
    expect(bobsSignIn).toHaveLength(1);
    expect(positions(await query('?actor=BOB@example.com'))).toEqual(positions([...bobsSignIn, ...second]));
    expect((await query('?actor=system')).map((e) => e.type)).toEqual(['AdminAdded', 'AdminAdded']);
  });

  it('combines filters', async () => {
    const events = await query(`?actor=${bob}&stream=${featureFlagsStreamId}`);
    expect(events.map((e) => e.type)).toEqual(['FeatureFlagDisabled']);
  });

  it('answers the events after a position', async () => {
    const last = first[first.length - 1]!;
    expect(positions(await query(`?after=${last.globalPosition}`))).toEqual(positions(second));
  });

  it('answers the events since a time (inclusive) and until a time (exclusive)', async () => {
    const secondAt = second[0]!.recordedAt;
    expect(positions(await query(`?since=${encodeURIComponent(secondAt)}`))).toEqual(positions(second));
    const until = await query(`?until=${encodeURIComponent(secondAt)}`);
    expect(positions(until)).toEqual(positions([...seeded, ...first]));
    const between = await query(
      `?since=${encodeURIComponent(first[0]!.recordedAt)}&until=${encodeURIComponent(secondAt)}`,
    );
    expect(positions(between)).toEqual(positions(first));
  });

  it('limits the answer', async () => {
    expect(positions(await query('?limit=2'))).toEqual(positions(seeded.slice(0, 2)));
  });

  it.each([
    ['after', '?after=yesterday'],
    ['since', '?since=last-week'],
    ['limit', '?limit=0'],
    // Past PostgreSQL's bigint: once a 500 from the database.
    ['after', '?after=99999999999999999999'],
  ])('a malformed %s is a 400 naming it', async (field, qs) => {
    const res = await p.call(ann, 'GET', `${routes.events}${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message.startsWith(`${field}: `)).toBe(true);
  });
});
