import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  accountRoutes,
  accountsStreamId,
  defaultAccount,
  type AccountsResponse,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

const admin = 'admin@example.com';
const ann = 'ann@example.com';
const project = { id: 'proj-1', name: 'Project One', rateLimit: { period: 'Daily', rate: 5 } };

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin] });
});
afterAll(async () => {
  await p.close();
});

const get = async (email: string) => {
  const res = await p.call(email, 'GET', accountRoutes.get);
  expect(res.statusCode).toBe(200);
  return res.json<AccountsResponse>();
};
const save = (email: string, body: unknown, headers?: Record<string, string>) =>
  p.call(email, 'POST', accountRoutes.save, { body, ...(headers ? { headers } : {}) });
const accountEvents = async (email: string) =>
  (await p.events()).filter((e) => e.streamId === accountsStreamId(email));

describe('accounts (COA): save and get', () => {
  it('before any save: the default account alone', async () => {
    expect(await get(ann)).toEqual({ success: true, data: [defaultAccount()] });
  });

  it('a save answers the accounts as saved, the default first; a get answers the same', async () => {
    const res = await save(ann, { accounts: [project] });
    expect(res.statusCode).toBe(200);
    const expected = { success: true, data: [defaultAccount(), project] };
    expect(res.json()).toEqual(expected);
    expect(await get(ann)).toEqual(expected);
    // Legacy forms are taken: a plain number is a daily rate, no limit is Unlimited.
    const legacy = await save(ann, {
      accounts: [project, { id: 'old', name: 'Old', rateLimit: 3 }, { id: 'n', name: 'N' }],
    });
    expect(legacy.json<AccountsResponse>().data.slice(2)).toEqual([
      { id: 'old', name: 'Old', rateLimit: { period: 'Daily', rate: 3 } },
      { id: 'n', name: 'N', rateLimit: { period: 'Unlimited', rate: null } },
    ]);
  });

  it("each user has their own: another user's get answers only the default", async () => {
    expect((await get('bob@example.com')).data).toEqual([defaultAccount()]);
  });

  it('bad input answers 400 with the field named, and appends nothing', async () => {
    const before = await accountEvents(ann);
    for (const body of [
      {},
      { accounts: 'x' },
      { accounts: [{ id: 'has space', name: 'X' }] },
      { accounts: [{ id: 'x', name: '' }] },
      { accounts: [{ id: 'x', name: 'X', rateLimit: { period: 'Daily', rate: -1 } }] },
      { accounts: [{ id: 'x', name: 'X', rateLimit: { period: 'Daily', rate: null } }] },
    ]) {
      const res = await save(ann, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/accounts/);
    }
    const twice = await save(ann, { accounts: [project, { ...project, name: 'Again' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ success: false, message: accountMessages.duplicateId('proj-1') });
    expect(await accountEvents(ann)).toEqual(before);
  });

  it('the same list again appends nothing; the same Idempotency-Key answers the first save', async () => {
    const before = await accountEvents(ann);
    const current = (await get(ann)).data;
    expect((await save(ann, { accounts: current })).statusCode).toBe(200);
    expect(await accountEvents(ann)).toEqual(before);
    const headers = { 'idempotency-key': 'accounts-save-1' };
    const first = await save(ann, { accounts: [] }, headers);
    const again = await save(ann, { accounts: [] }, headers);
    expect(again.json()).toEqual(first.json());
    expect((await accountEvents(ann)).length).toBe(before.length + 1);
  });

  it('anonymous callers get 401', async () => {
    expect((await p.call(null, 'GET', accountRoutes.get)).statusCode).toBe(401);
    expect((await p.call(null, 'POST', accountRoutes.save, { body: { accounts: [] } })).statusCode).toBe(401);
  });
});
