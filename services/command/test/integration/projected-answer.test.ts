import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@app/contracts';
import { appendToStream, readStream, setAside, type AwaitProjected } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { awaitSectionsProjected } from '../../src/shared/projected-answer';

/** What a save's answer says of its events: in the read models, late, or set aside by a projection. */
const metadata: EventMetadata = {
  actor: { email: 'ann@example.com', kind: 'admin' },
  commandId: 'c',
  correlationId: 'c',
  causationId: 'c',
  requestId: 'c',
  schemaVersion: 1,
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ max: 2 });
});
afterAll(async () => {
  await database?.drop();
});

const inTime: AwaitProjected = () => Promise.resolve(true);
const late: AwaitProjected = () => Promise.resolve(false);

describe('a save answer', () => {
  it('given no projection here, or nothing appended, when answered, then it says nothing of projection', async () => {
    const db = database.db;
    const appended = await appendToStream(
      db,
      'config-aiEmailDomain',
      [{ type: 'AiEmailDomainChanged', data: { domain: 'a.example' } }],
      { expectedVersion: 'any', metadata },
    );
    const appends = [{ section: 'aiEmailDomain' as const, position: appended.position, eventCount: 1 }];
    expect(await awaitSectionsProjected(db, undefined, appends)).toBeNull();
    expect(await awaitSectionsProjected(db, inTime, [])).toBeNull();
    expect(await awaitSectionsProjected(db, inTime, appends)).toEqual({ projected: true, notProjected: [] });
  });

  it('given the wait runs out, when answered, then it is not projected and names every section it saved', async () => {
    const db = database.db;
    const a = await appendToStream(
      db,
      'config-aiEmailDomain',
      [{ type: 'AiEmailDomainChanged', data: { domain: 'b.example' } }],
      { expectedVersion: 'any', metadata },
    );
    const b = await appendToStream(
      db,
      'config-rateLimit',
      [{ type: 'ChatRateLimitChanged', data: { period: 'Daily', rate: 5 } }],
      { expectedVersion: 'any', metadata },
    );
    expect(
      await awaitSectionsProjected(db, late, [
        { section: 'aiEmailDomain', position: a.position, eventCount: 1 },
        { section: 'rateLimit', position: b.position, eventCount: 1 },
      ]),
    ).toEqual({
      projected: false,
      notProjected: [],
      message: 'Saved, but not yet shown: AI Email Domain, Chat Rate Limit.',
    });
  });

  it('given a projection set one of its events aside, when answered, then it is not projected and lists that event only', async () => {
    const db = database.db;
    // Another stream's event set aside, and an earlier one of the same stream: neither is this save's.
    const other = await appendToStream(
      db,
      'config-promtCostAlert',
      [{ type: 'PromptCostAlertCostChanged', data: { cost: 'x' } }],
      { expectedVersion: 'any', metadata },
    );
    const earlier = await appendToStream(
      db,
      'config-emailSupport',
      [{ type: 'SupportEmailAddressChanged', data: { email: 1 } }],
      { expectedVersion: 'any', metadata },
    );
    const saved = await appendToStream(
      db,
      'config-emailSupport',
      [
        { type: 'SupportEmailAddressChanged', data: { email: 'help@example.com' } },
        { type: 'SupportEmailActivated', data: {} },
      ],
      { expectedVersion: 'any', metadata },
    );
    const stream = await readStream(db, 'config-emailSupport');
    // The first event of this save: the one a projection sets aside below.
    const first = stream.find((e) => BigInt(e.globalPosition) > BigInt(earlier.position));
    if (!first) throw new Error('the save appended nothing');
    const byPosition = async (position: string) => {
      const all = [...stream, ...(await readStream(db, 'config-promtCostAlert'))];
      const e = all.find((x) => x.globalPosition === position);
      if (!e) throw new Error(`no event at ${position}`);
      return e;
    };
    await setAside(db, 'promtCostAlert', await byPosition(other.position), new Error('bad cost'), undefined);
    await setAside(db, 'emailSupport', await byPosition(earlier.position), new Error('bad email'), undefined);
    await setAside(db, 'emailSupport', first, new Error('a bug'), undefined);

    expect(
      await awaitSectionsProjected(db, inTime, [
        { section: 'emailSupport', position: saved.position, eventCount: 2 },
      ]),
    ).toEqual({
      projected: false,
      notProjected: [
        {
          section: 'emailSupport',
          position: first.globalPosition,
          eventType: 'SupportEmailAddressChanged',
          projection: 'emailSupport',
        },
      ],
      message: 'Saved, but not yet shown: Support Email.',
    });
  });
});
