import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { issueApiKey } from '@app/command';
import {
  chatRoute,
  conversationRoutes,
  fileRoutes,
  identityMessages,
  userSettingsRoutes,
} from '@app/contracts';
import { defaultRateLimits } from '@app/platform';
import { startTestPlatform, type TestPlatform } from '../../support/test-platform';

/**
 * One budget of state-changing requests per caller (docs/architecture.md, Security): the product's
 * own numbers (300 a minute), spent across several routes — some answered, some refused by their
 * schema (those count too) — and across two instances on one store, PostgreSQL or Redis.
 */
const limit = defaultRateLimits.commandsPerMinute;

/** The routes the budget is spread over: one that saves, four that fail validation (400). */
const spread = (i: number): { url: string; body: object } => {
  switch (i % 5) {
    case 0:
      return { url: userSettingsRoutes.save, body: { theme: i % 2 === 0 ? 'dark' : 'light' } };
    case 1:
      return { url: userSettingsRoutes.save, body: { notASetting: true } };
    case 2:
      return { url: conversationRoutes.rename, body: {} };
    case 3:
      return { url: conversationRoutes.delete, body: {} };
    default:
      return { url: fileRoutes.setTags, body: { tags: 'not a list' } };
  }
};

type Instance = TestPlatform & { url: string };

const twoInstances = (store: 'postgres' | 'redis') => {
  const run = randomBytes(4).toString('hex');
  // Unique per run: Redis keeps counters between test runs (and other files) for their minute.
  const spender = `spender-${run}@example.com`;
  const bystander = `bystander-${run}@example.com`;
  let a: Instance;
  let b: Instance;
  const redis = store === 'redis' ? { redisUrl: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379' } : {};
  const rateLimits = { signInPerMinute: 10_000, commandsPerMinute: limit };

  beforeAll(async () => {
    a = await startTestPlatform({ admins: [], rateLimits, ...redis });
    b = await startTestPlatform({ admins: [], rateLimits, ...redis, database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it(`the ${limit + 1}st state-changing request of a user in a minute is refused, whichever routes and instances the ${limit} went to; another user is unaffected`, async () => {
    const answers: { url: string; res: LightMyRequestResponse }[] = [];
    for (let i = 0; i < limit; i++) {
      const { url, body } = spread(i);
      const instance = i % 2 === 0 ? a : b;
      answers.push({ url, res: await instance.call(spender, 'POST', url, { body }) });
    }
    expect(answers.filter((x) => x.res.statusCode === 429)).toEqual([]);
    // Saved, and refused by the schema: both counted, on five routes (two route shapes of one URL).
    expect(answers.filter((x) => x.res.statusCode === 200).length).toBeGreaterThan(0);
    expect(new Set(answers.filter((x) => x.res.statusCode === 400).map((x) => x.url)).size).toBe(4);

    const over = await b.call(spender, 'POST', conversationRoutes.rename, { body: {} });
    expect(over.statusCode).toBe(429);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.json()).toEqual({ success: false, message: identityMessages.tooManyRequests(retryAfter) });
    // The other instance, another route: the same budget, spent.
    const overOnA = await a.call(spender, 'POST', userSettingsRoutes.save, { body: { theme: 'dark' } });
    expect(overOnA.statusCode).toBe(429);

    for (const instance of [a, b]) {
      const other = await instance.call(bystander, 'POST', userSettingsRoutes.save, {
        body: { theme: 'dark' },
      });
      expect(other.statusCode).toBe(200);
    }
  });
};

describe('one request budget per user, two instances on PostgreSQL', () => twoInstances('postgres'));

describe('one request budget per user, two instances on Redis', () => twoInstances('redis'));

/**
 * Bodies refused before validation (malformed JSON, JSON nested too deep, a media type no route
 * takes, a body over the size bound): each is counted the moment its caller is known, before the
 * body is read, so hostile bodies spend the budget like any other request.
 */
const refusedBody = (i: number): { payload: string; contentType: string; status: number } => {
  if (i % 50 === 0)
    return { payload: 'x'.repeat(1024 * 1024 + 1), contentType: 'application/json', status: 413 };
  switch (i % 3) {
    case 0:
      return { payload: '{"theme": "dark"', contentType: 'application/json', status: 400 };
    case 1:
      return {
        payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
        contentType: 'application/json',
        status: 400,
      };
    default:
      return { payload: '<theme>dark</theme>', contentType: 'application/xml', status: 415 };
  }
};

describe('bodies refused before validation spend the budget too', () => {
  const run = randomBytes(4).toString('hex');
  const spender = `malformed-${run}@example.com`;
  const bystander = `calm-${run}@example.com`;
  let p: Instance;
  beforeAll(async () => {
    p = await startTestPlatform({
      admins: [],
      rateLimits: { signInPerMinute: 10_000, commandsPerMinute: limit },
    });
  });
  afterAll(async () => {
    await p?.close();
  });

  it(`a user's ${limit + 1}st request is refused though the ${limit} before it were malformed, too deep, too large or of another type`, async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < limit; i++) {
      const { payload, contentType, status } = refusedBody(i);
      const res = await p.call(spender, 'POST', userSettingsRoutes.save, {
        body: payload,
        headers: { 'content-type': contentType },
      });
      expect(res.statusCode, `request ${i + 1}`).toBe(status);
      statuses.add(res.statusCode);
    }
    expect([...statuses].sort()).toEqual([400, 413, 415]);

    const over = await p.call(spender, 'POST', userSettingsRoutes.save, { body: { theme: 'dark' } });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const other = await p.call(bystander, 'POST', userSettingsRoutes.save, { body: { theme: 'dark' } });
    expect(other.statusCode).toBe(200);
  });
});

describe('an API key spends its owner’s budget', () => {
  const owner = 'owner@example.com';
  const other = 'other@example.com';
  let p: Instance;
  beforeAll(async () => {
    p = await startTestPlatform({
      admins: [],
      rateLimits: { signInPerMinute: 10_000, commandsPerMinute: 4 },
    });
  });
  afterAll(async () => {
    await p?.close();
  });
  const keyOf = async (email: string) =>
    (
      await issueApiKey(
        p.database.db,
        {
          owner: email,
          applicationName: 'Budget',
          account: { id: 'general_account', name: 'No COA On File' },
          rateLimit: { period: 'Unlimited', rate: null },
          accessTypes: ['full_access'],
        },
        { email, kind: 'user' },
      )
    ).secret;
  const withKey = (secret: string) =>
    p.call(null, 'POST', chatRoute, { headers: { authorization: `Bearer ${secret}` }, body: {} });

  it('two keys and the owner’s session share one budget: a second key is not a second budget', async () => {
    const first = await keyOf(owner);
    const second = await keyOf(owner);
    const spent = [
      await withKey(first),
      await withKey(second),
      await p.call(owner, 'POST', userSettingsRoutes.save, { body: { theme: 'dark' } }),
      await withKey(first),
    ];
    expect(spent.map((r) => r.statusCode)).not.toContain(429);
    const over = await withKey(second);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await p.call(owner, 'POST', userSettingsRoutes.save, { body: { theme: 'light' } })).statusCode,
    ).toBe(429);
    // Another owner's key has a budget of its own.
    expect((await withKey(await keyOf(other))).statusCode).not.toBe(429);
  });
});
