import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ChangedMessage } from '@app/contracts';
import { createLiveHub } from '../../src/live/hub';
import { startFanOut } from '../../src/live/fan-out';
import { silentLogger, startTestPlatform, type TestPlatform } from '../support/test-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: TestPlatform & { url: string };

beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann, bob] });
});
afterAll(async () => {
  await p.close();
});

/** Saves add one flag each (a save sends the whole section): each save changes that flag only. */
const flags: Record<
  string,
  { enabled: boolean; userExceptions: string[]; amplifyGroupExceptions: string[] }
> = {};
const flagSave = (name: string, enabled: boolean) => {
  flags[name] = { enabled, userExceptions: [], amplifyGroupExceptions: [] };
  return [{ type: 'featureFlags', data: { ...flags } }];
};

/** The flags named by the changes, in order, each once (a save may record a change per event). */
const namesIn = (changes: readonly ChangedMessage[]) =>
  changes.flatMap((m) => m.ids).filter((id, i, ids) => ids.indexOf(id) === i);

/** A fan-out of "another query instance": same database, not told by this process's runner. */
const otherInstance = async () => {
  const hub = createLiveHub();
  const received: ChangedMessage[] = [];
  hub.add({
    email: ann,
    sessionId: 's',
    send: (m) => {
      if (m.type === 'changed') received.push(m);
    },
    close: () => undefined,
    readModels: new Set(['featureFlags']),
  });
  // Another URL for the same database: the in-process path (keyed by URL) does not reach it.
  const url = `${p.database.url}${p.database.url.includes('?') ? '&' : '?'}application_name=other-instance`;
  const fanOut = await startFanOut(p.database.db, url, hub, silentLogger(), 60_000);
  return { fanOut, received };
};

describe('the changes feed behind /live', () => {
  it('another instance gets every change by NOTIFY, and still after its LISTEN connection is killed', async () => {
    const other = await otherInstance();
    try {
      await p.save(bob, flagSave('one', true));
      await expect.poll(() => namesIn(other.received)).toEqual(['one']);

      const killed = await sql<{ ok: boolean }>`
        select pg_terminate_backend(pid) as ok from pg_stat_activity
        where datname = current_database() and application_name = 'other-instance' and query ilike 'listen%'`.execute(
        p.database.db,
      );
      expect(killed.rows.length).toBe(1);

      await p.save(bob, flagSave('two', true));
      await p.save(bob, flagSave('three', true));
      // No poll for a minute: what arrives came by NOTIFY on the new connection, or by the catch-up
      // read it does when that connection is back.
      await expect
        .poll(() => namesIn(other.received), { timeout: 20_000 })
        .toEqual(expect.arrayContaining(['one', 'two', 'three']));
      const seqs = other.received.map((m) => BigInt(m.seq));
      expect([...seqs].sort((a, b) => (a < b ? -1 : 1))).toEqual(seqs);
    } finally {
      await other.fanOut.close();
    }
  });

  it('a client that comes back after some changes gets exactly those it missed, in order', async () => {
    const other = await otherInstance();
    try {
      await p.save(bob, flagSave('before', true));
      await expect.poll(() => namesIn(other.received)).toContain('before');
      await p.settle();
      const seen = other.received[other.received.length - 1]!.seq;
      await p.save(bob, flagSave('missed1', true));
      await p.save(bob, flagSave('missed2', false));
      await p.save(bob, [{ type: 'admins', data: [ann, bob, 'carl@example.com'] }]);
      await expect.poll(() => namesIn(other.received)).toContain('missed2');

      const missed = await other.fanOut.missedSince(seen, ['featureFlags']);
      expect(namesIn(missed ?? [])).toEqual(['missed1', 'missed2']);
      // The admins change reaches this instance's feed reader a moment later (no socket shows it).
      await expect
        .poll(() => other.fanOut.missedSince(seen, ['admins']))
        .toEqual([expect.objectContaining({ readModel: 'admins', ids: ['carl@example.com'], actor: bob })]);
    } finally {
      await other.fanOut.close();
    }
  });

  it('a client away for longer than the feed reaches back is told to refetch', async () => {
    const other = await otherInstance();
    try {
      await p.save(bob, flagSave('old', true));
      await expect.poll(() => namesIn(other.received)).toContain('old');
      await p.settle();
      const seen = other.received[other.received.length - 1]!.seq;
      await p.save(bob, flagSave('pruned', true));
      await expect.poll(() => namesIn(other.received)).toContain('pruned');
      await p.settle();
      const pruned = other.received[other.received.length - 1]!.seq;
      await p.save(bob, flagSave('kept', true));
      await expect.poll(() => namesIn(other.received)).toContain('kept');
      await p.settle();
      await p.database.db.deleteFrom('live_changes').where('seq', '<=', pruned).execute();
      expect(await other.fanOut.missedSince(seen, ['featureFlags'])).toBeNull();
      expect(namesIn((await other.fanOut.missedSince(pruned, ['featureFlags'])) ?? [])).toEqual(['kept']);
      expect(await other.fanOut.missedSince('999999999', ['featureFlags'])).toBeNull();
    } finally {
      await other.fanOut.close();
    }
  });
});
