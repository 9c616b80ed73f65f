import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commandService, seedAdmins } from '@app/command';
import {
  endpointTestStreamId,
  platformMessages,
  routes,
  secretRoutes,
  sessionCookieName,
  type TestEndpointResponse,
} from '@app/contracts';
import {
  createLogger,
  createOutboundClient,
  createSecretBox,
  createServiceApp,
  newMasterKey,
  parseAllowList,
  parseMasterKey,
  readStream,
  type HealthReport,
  type OutboundClient,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { allProjections, startProjectionRunner, type ProjectionRunner } from '@app/query';
import { platformProcessors, platformRoutes, startWorkers, type RunningWorkers } from '../../src/index';
import { waitForProjections } from '../../../query/test/support/log';
import { testLookup } from '../support/endpoint-test-platform';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server';
import { startOwnRedis, type OwnRedis } from '../support/own-redis';

const ann = 'ann@example.com';
const key = 'queue-outage-key-0001';
const logger = createLogger(process.env['TEST_LOG_LEVEL'] ?? 'silent', 'queue-outage');
const queueCheck = 'job queue (redis)';

let redis: OwnRedis;
let t: TestDatabase;
let runner: ProjectionRunner;
let workers: RunningWorkers;
let outbound: OutboundClient;
let app: FastifyInstance;
let server: OpenAiTestServer;
let cookie: string;

beforeAll(async () => {
  redis = await startOwnRedis();
  server = await startOpenAiTestServer(key);
  t = await createTestDatabase();
  await seedAdmins(t.db, [ann]);
  runner = await startProjectionRunner({
    db: t.db,
    databaseUrl: t.url,
    projections: allProjections,
    logger,
    pollMs: 50,
  });
  await waitForProjections(t.db, runner, allProjections);
  const secrets = createSecretBox(parseMasterKey(newMasterKey()));
  outbound = createOutboundClient({
    allow: parseAllowList(['127.0.0.1']),
    lookup: testLookup,
    timeoutMs: 5000,
  });
  const run = randomBytes(4).toString('hex');
  workers = await startWorkers({
    db: t.db,
    databaseUrl: t.url,
    redisUrl: redis.url,
    redisPrefix: `outage-${run}`,
    logger,
    routes: platformRoutes,
    processors: platformProcessors,
    services: { secrets, outbound },
    queueName: `outage-${run}`,
    checkpointName: `reactor-${run}`,
    retry: { attempts: 2, backoff: { type: 'fixed', delay: 10 } },
    pollMs: 100,
  });
  const jobQueue = workers.queueHealth;
  if (!jobQueue) throw new Error('the Redis backend has a queue health check');
  app = await createServiceApp({
    db: t.db,
    logger,
    sessionSecret: randomBytes(32).toString('base64url'),
    devLogin: true,
    rateLimits: { signInPerMinute: 10_000, commandsPerMinute: 10_000 },
  });
  // Waits far longer than any test here: an answer that comes must come from the queue check.
  await app.register(commandService({ db: t.db, secrets, jobQueue, endpointTestWaitMs: 10 * 60_000 }));
  await app.ready();
  const signIn = await app.inject({ method: 'POST', url: routes.devLogin, payload: { email: ann } });
  cookie = signIn.cookies.find((c) => c.name === sessionCookieName)?.value ?? '';
  if (!cookie) throw new Error(`dev-login failed: ${signIn.statusCode}`);
});

afterAll(async () => {
  await app?.close();
  await workers?.stop();
  await runner?.stop();
  await outbound?.close();
  await server?.close();
  await redis?.stop();
  await t?.drop();
});

const health = async () => {
  const res = await app.inject({ method: 'GET', url: routes.health });
  return { code: res.statusCode, body: res.json<HealthReport & { ok: boolean }>() };
};

const testEndpoint = async (url: string) => {
  const res = await app.inject({
    method: 'POST',
    url: secretRoutes.testEndpoint,
    cookies: { [sessionCookieName]: cookie },
    headers: { origin: 'http://localhost' },
    payload: { url, key, model: 'gpt-4o' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<TestEndpointResponse>();
};

const queueIs = (status: 'ok' | 'down') =>
  vi.waitFor(async () => expect((await health()).body.checks[queueCheck]?.status).toBe(status), {
    timeout: 30_000,
    interval: 100,
  });

describe('the job queue on a Redis that stops and comes back', () => {
  it('an endpoint test runs as usual while Redis answers', async () => {
    const url = `${server.origin}/v1/chat/completions`;
    expect(await testEndpoint(url)).toMatchObject({
      success: true,
      message: platformMessages.endpointTestPassed,
    });
  });

  it('/healthz: ok; degraded (200) naming the job queue while Redis is stopped; ok once it is back', async () => {
    expect(await health()).toMatchObject({
      code: 200,
      body: {
        ok: true,
        status: 'ok',
        checks: { database: { status: 'ok' }, listeners: { status: 'ok' }, [queueCheck]: { status: 'ok' } },
      },
    });
    await redis.stop();
    await queueIs('down');
    expect(await health()).toMatchObject({
      code: 200,
      body: {
        ok: true,
        status: 'degraded',
        checks: { database: { status: 'ok' }, [queueCheck]: { status: 'down' } },
      },
    });
    await redis.start();
    await queueIs('ok');
    expect((await health()).body.status).toBe('ok');
  }, 60_000);

  it('an endpoint test asked for while the queue is down answers so at once, and runs once Redis is back', async () => {
    await redis.stop();
    await queueIs('down');
    const calls = server.calls.length;
    const url = `${server.origin}/v1/chat/completions`;
    const answer = await testEndpoint(url);
    expect(answer).toEqual({
      testId: answer.testId,
      success: false,
      message: platformMessages.endpointTestQueueUnavailable(url),
      reason: platformMessages.jobQueueUnavailable,
    });
    expect(answer.message).not.toMatch(/Failed to make contact/);
    const stream = () => readStream(t.db, endpointTestStreamId(answer.testId));
    expect((await stream()).map((e) => e.type)).toEqual(['EndpointTestRequested']);
    expect(server.calls.length).toBe(calls);

    await redis.start();
    await vi.waitFor(
      async () =>
        expect((await stream()).map((e) => e.type)).toEqual([
          'EndpointTestRequested',
          'EndpointTestSucceeded',
        ]),
      { timeout: 30_000, interval: 200 },
    );
    expect(server.calls.length).toBe(calls + 1);
  }, 60_000);
});
