import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatStreamId } from '@app/contracts';
import { appendToStream, type Db } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { createSpendGuard } from '../../src/spend/index';
import { readAhead } from '../../src/chat/read-ahead';
import { configure, group, metadata, setAccounts, unlimited } from './spend-fixtures';

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t.drop();
});

const guard = createSpendGuard();
const scope = (actor: string, accountId = 'general_account') => ({ actor, accountId });
const limited = async (s: ReturnType<typeof scope>) => (await guard.plan(db, s))?.limited ?? 'refused';

describe('spend guard: whether a reservation could be refused', () => {
  it('given no limit anywhere, when asked, then nothing can refuse the request', async () => {
    await configure(db, { userLimit: unlimited });
    expect(await limited(scope('ann@limited.example.com'))).toBe(false);
  });

  it('given the Chat Rate Limit card, when asked, then a limit applies', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 5 } });
    expect(await limited(scope('ann@limited.example.com'))).toBe(true);
  });

  it("given a limited group of the caller's, when asked, then a limit applies; not for someone outside it", async () => {
    await configure(db, {
      userLimit: unlimited,
      groups: [
        group('Ops', { members: ['gil@limited.example.com'], rateLimit: { period: 'Hourly', rate: 1 } }),
      ],
    });
    expect(await limited(scope('gil@limited.example.com'))).toBe(true);
    expect(await limited(scope('ann@limited.example.com'))).toBe(false);
  });

  it('given an account that is not the caller’s, when asked, then there is no plan: the reservation is refused', async () => {
    await configure(db, { userLimit: unlimited });
    expect(await limited(scope('ann@limited.example.com', 'no-such-account'))).toBe('refused');
  });

  it('given an account with a limit, when asked, then a limit applies', async () => {
    await configure(db, { userLimit: unlimited });
    const kim = 'kim@limited.example.com';
    await setAccounts(db, kim, [
      { id: 'coa-1', name: 'Project', rateLimit: { period: 'Monthly', rate: 10 } },
    ]);
    expect(await limited(scope(kim, 'coa-1'))).toBe(true);
  });
});

describe('asking the model at once', () => {
  const ask = async (requestId: string, viaKey = false) =>
    (
      await readAhead(db, guard, {
        requestId,
        actor: 'ann@limited.example.com',
        accountId: 'general_account',
        viaKey,
      })
    ).atOnce;

  it('given nothing that could refuse it, when a new request comes, then the model may be asked at once', async () => {
    await configure(db, { userLimit: unlimited });
    expect(await ask('at-once-1')).toBe(true);
  });

  it('given a request id used before, when it comes again, then the model waits for the acceptance (its 409)', async () => {
    await configure(db, { userLimit: unlimited });
    await appendToStream(db, chatStreamId('at-once-2'), [{ type: 'ChatRequested', data: {} }], {
      expectedVersion: 0,
      metadata: metadata(),
    });
    expect(await ask('at-once-2')).toBe(false);
    const ahead = await readAhead(db, guard, {
      requestId: 'at-once-2',
      actor: 'ann@limited.example.com',
      accountId: 'general_account',
      viaKey: false,
    });
    expect(ahead.taken).toBe(true);
  });

  it('given a request made with an API key, when it comes, then the model waits for the acceptance', async () => {
    await configure(db, { userLimit: unlimited });
    expect(await ask('at-once-3', true)).toBe(false);
  });

  it('given a limit, when a request comes, then the model waits for the acceptance', async () => {
    await configure(db, { userLimit: { period: 'Daily', rate: 5 } });
    expect(await ask('at-once-4')).toBe(false);
  });
});
