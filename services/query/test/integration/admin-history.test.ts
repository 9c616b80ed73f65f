import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminHistoryMessages,
  adminHistoryRoutes,
  historySecretMask,
  routes,
  type AdminHistoryResponse,
  type AdminHistoryRow,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const carl = 'carl@example.com';
const secret = 'sk-proj-history-0123456789-WXYZ';
const secret2 = 'sk-proj-history-9876543210-QRST';

let p: TestPlatform;
let sealedForms: string[] = [];
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
  const saved = async (email: string, configurations: unknown[]) => {
    const { status, body } = await p.save(email, configurations);
    if (status !== 200) throw new Error(`save: ${status} ${JSON.stringify(body)}`);
  };
  await saved(ann, [{ type: 'admins', data: [ann, bob] }]);
  // Bob acts as an admin once the admins read model knows him (it is projected after the commit).
  await p.settle();
  await saved(ann, [
    {
      type: 'featureFlags',
      data: { beta: { enabled: false, userExceptions: [], amplifyGroupExceptions: [] } },
    },
  ]);
  await saved(bob, [
    {
      type: 'featureFlags',
      data: { beta: { enabled: true, userExceptions: [carl], amplifyGroupExceptions: [] } },
    },
  ]);
  await saved(ann, [{ type: 'applicationSecrets', data: { TOKEN: secret } }]);
  await saved(bob, [{ type: 'applicationSecrets', data: { TOKEN: secret2 } }]);
  await saved(bob, [{ type: 'rateLimit', data: { period: 'Daily', rate: 7 } }]);
  await p.call(carl, 'GET', routes.configs);
  await p.call(carl, 'POST', routes.logout);
  await p.settle();
  // Every sealed form of the secret as the log holds it: none may appear in an answer.
  sealedForms = (await p.events())
    .filter((e) => e.type.startsWith('ApplicationSecret'))
    .flatMap((e) => {
      const value = (e.data as { value?: { ciphertext: string; fingerprint: string } }).value;
      return value ? [value.ciphertext, value.fingerprint] : [];
    });
});
afterAll(async () => {
  await p.close();
});

const history = async (query: string, email = ann) => {
  const res = await p.call(email, 'GET', `${adminHistoryRoutes.history}${query}`);
  return res;
};
const rows = async (query: string): Promise<AdminHistoryRow[]> => {
  const res = await history(query);
  expect(res.statusCode).toBe(200);
  return res.json<AdminHistoryResponse>().data;
};
const view = (r: AdminHistoryRow) => [r.actor, r.section, r.item, r.field, r.from, r.to];

describe('GET /api/admin/history', () => {
  it('shows each change with its admin, from and to, newest first; a secret only as its mask', async () => {
    const all = await rows('');
    expect(all.map(view)).toEqual(
      expect.arrayContaining([
        [ann, 'admins', bob, 'present', null, 'yes'],
        [ann, 'featureFlags', 'beta', 'present', null, 'yes'],
        [bob, 'featureFlags', 'beta', 'enabled', 'false', 'true'],
        [bob, 'featureFlags', 'beta', 'userException', null, carl],
        [ann, 'applicationSecrets', 'TOKEN', 'value', null, historySecretMask],
        [bob, 'applicationSecrets', 'TOKEN', 'value', historySecretMask, historySecretMask],
        [bob, 'rateLimit', '', 'rate', null, '7'],
      ]),
    );
    const positions = all.map((r) => BigInt(r.position));
    expect([...positions].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(positions);
    const text = JSON.stringify(all);
    expect(sealedForms.length).toBeGreaterThan(0);
    for (const hidden of [secret, secret2, 'WXYZ', 'QRST', ...sealedForms])
      expect(text).not.toContain(hidden);
  });

  it('answers CSV when asked, the secret masked there too', async () => {
    for (const res of [
      await history('?format=csv'),
      await p.call(ann, 'GET', adminHistoryRoutes.history, { headers: { accept: 'text/csv' } }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.body.split('\r\n')[0]).toBe('When,Admin,Section,Item,Field,From,To,Event');
      expect(res.body).toContain(`${bob},featureFlags,beta,enabled,false,true,FeatureFlagEnabled`);
      for (const hidden of [secret, secret2, 'WXYZ', ...sealedForms]) expect(res.body).not.toContain(hidden);
    }
  });

  it('filters by section, item, admin and time; pages with a cursor', async () => {
    expect((await rows('?section=featureFlags&actor=BOB@example.com')).map(view)).toEqual([
      [bob, 'featureFlags', 'beta', 'userException', null, carl],
      [bob, 'featureFlags', 'beta', 'enabled', 'false', 'true'],
    ]);
    expect((await rows('?section=applicationSecrets&item=TOKEN')).every((r) => r.item === 'TOKEN')).toBe(
      true,
    );
    expect(
      await rows(`?since=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`),
    ).toEqual([]);
    const everything = await rows('');
    const first = await history('?limit=2');
    const page1 = first.json<AdminHistoryResponse>();
    expect(page1.data).toEqual(everything.slice(0, 2));
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await rows(`?limit=2&cursor=${page1.nextCursor ?? ''}`);
    expect(page2).toEqual(everything.slice(2, 4));
  });

  it('lists sign-ins and sign-outs under kind=sessions only', async () => {
    const sessions = await rows('?kind=sessions&actor=carl@example.com');
    expect(sessions.map((r) => r.field)).toEqual(['Signed out', 'Signed in']);
    expect((await rows('')).some((r) => r.kind === 'sessions')).toBe(false);
  });

  it('refuses a user who is not an admin (403) and a bad query (400, with its message)', async () => {
    expect((await history('', 'dave@example.com')).statusCode).toBe(403);
    for (const [query, message] of [
      ['?kind=everything', adminHistoryMessages.badKind],
      ['?since=yesterday', adminHistoryMessages.badTime('since')],
      ['?cursor=abc', adminHistoryMessages.badCursor],
      ['?limit=100000', adminHistoryMessages.badLimit],
    ] as const) {
      const res = await history(query);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
  });
});
