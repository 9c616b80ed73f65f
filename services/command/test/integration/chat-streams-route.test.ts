import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  chatMessages,
  chatStreamUrl,
  routes,
  sessionCookieName,
  type ChatChunk,
  type ChatErrorResponse,
} from '@app/contracts';
import { createLogger, createServiceApp } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import {
  chatStreamRoutes,
  pgChatStreamStore,
  type ChatStreamStore,
  type PgChatStreamStore,
} from '../../src/chat/streams/index';
import { uniqueId } from './chat-streams-backends';

const answer = (i: number): ChatChunk => ({ s: 'answer', d: `token ${i} ` });
const end: ChatChunk = { s: 'result', type: 'end' };
const event = (id: number, chunk: ChatChunk) => `id: ${id}\ndata: ${JSON.stringify(chunk)}\n\n`;

let database: TestDatabase;
let store: PgChatStreamStore;
/** The signals of every follow the route started. */
const signals: AbortSignal[] = [];
let app: FastifyInstance;
let baseUrl: string;
const cookies = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  store = pgChatStreamStore(database.db, database.url, { pruneEveryMs: 0 });
  const spy: ChatStreamStore = {
    open: (...args) => store.open(...args),
    follow: (requestId, owner, afterId, signal) => {
      signals.push(signal);
      return store.follow(requestId, owner, afterId, signal);
    },
    close: () => store.close(),
  };
  app = await createServiceApp({
    db: database.db,
    logger: createLogger('silent', 'test'),
    sessionSecret: randomBytes(32).toString('base64url'),
    devLogin: true,
    rateLimits: { signInPerMinute: 10_000, commandsPerMinute: 10_000 },
  });
  await app.register(chatStreamRoutes({ store: spy, keepAliveMs: 100 }));
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  for (const email of ['ann@example.com', 'bob@example.com']) {
    const res = await app.inject({ method: 'POST', url: routes.devLogin, payload: { email } });
    cookies.set(email, res.cookies.find((c) => c.name === sessionCookieName)!.value);
  }
});
afterAll(async () => {
  await app.close();
  await store.close();
  await database.drop();
});

/**
 * A GET answered in full. Its body leaves out `: keep-alive` comments: the route sends one every
 * 100 ms here, so a replay read slowly (a loaded machine) may carry one between its events.
 */
const get = async (email: string | null, url: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({
    method: 'GET',
    url,
    headers,
    ...(email ? { cookies: { [sessionCookieName]: cookies.get(email)! } } : {}),
  });
  return Object.assign(res, { body: res.body.replaceAll(': keep-alive\n\n', '') });
};

/** An ended stream of ann's: `n` answer chunks, then the end chunk. */
const endedStream = async (n: number) => {
  const id = uniqueId('route');
  const writer = await store.open(id, 'ann@example.com');
  for (let i = 1; i <= n; i++) writer.write(answer(i));
  writer.write(end);
  await writer.end();
  return id;
};

/** A GET over a real connection: what arrived so far, and the request to cut it. */
const openStream = (email: string, url: string) => {
  let received = '';
  let ended = false;
  const req = http.get(`${baseUrl}${url}`, {
    headers: { cookie: `${sessionCookieName}=${cookies.get(email)!}` },
  });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (d: string) => (received += d));
      res.on('end', () => (ended = true));
      res.on('error', () => undefined);
      resolve(res);
    });
    req.on('error', reject);
  });
  return { req, response, received: () => received, ended: () => ended };
};

describe('GET /api/chat/stream/:requestId', () => {
  it('replays an ended stream as server-sent events, then ends', async () => {
    const id = await endedStream(3);
    const res = await get('ann@example.com', chatStreamUrl(id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['cache-control']).toMatch(/no-cache/);
    expect(res.body).toBe(event(1, answer(1)) + event(2, answer(2)) + event(3, answer(3)) + event(4, end));
  });

  it('skips what the client has: Last-Event-ID, or ?after (EventSource cannot send headers at first)', async () => {
    const id = await endedStream(5);
    const byHeader = await get('ann@example.com', chatStreamUrl(id), { 'last-event-id': '3' });
    expect(byHeader.body).toBe(event(4, answer(4)) + event(5, answer(5)) + event(6, end));
    const byQuery = await get('ann@example.com', `${chatStreamUrl(id)}?after=5`);
    expect(byQuery.body).toBe(event(6, end));
    const both = await get('ann@example.com', `${chatStreamUrl(id)}?after=2`, { 'last-event-id': '4' });
    expect(both.body).toBe(event(5, answer(5)) + event(6, end));
    const junk = await get('ann@example.com', chatStreamUrl(id), { 'last-event-id': 'abc' });
    expect(junk.body.startsWith(event(1, answer(1)))).toBe(true);
  });

  it("is 404 for another user's stream and for an unknown one, with the same words", async () => {
    const id = await endedStream(1);
    const other = await get('bob@example.com', chatStreamUrl(id));
    expect(other.statusCode).toBe(404);
    expect(other.json<ChatErrorResponse>()).toEqual({ error: chatMessages.noSuchRequest });
    const unknown = await get('ann@example.com', chatStreamUrl(uniqueId('unknown')));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ChatErrorResponse>()).toEqual({ error: chatMessages.noSuchRequest });
  });

  it('is 400 for what is not a request id or an id, 401 signed out', async () => {
    const bad = await get('ann@example.com', chatStreamUrl('not a request id!'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ChatErrorResponse>().error).toBe(
      'requestId: must be 1 to 64 letters, digits, and . _ : -',
    );
    const badAfter = await get('ann@example.com', `${chatStreamUrl('abc')}?after=minus`);
    expect(badAfter.statusCode).toBe(400);
    expect(badAfter.json<ChatErrorResponse>().error).toMatch(/^after: /);
    expect((await get(null, chatStreamUrl('abc'))).statusCode).toBe(401);
  });

  it('follows a running stream live, with keep-alives while waiting, until its end', async () => {
    const id = uniqueId('live');
    const writer = await store.open(id, 'ann@example.com');
    writer.write(answer(1));
    const client = openStream('ann@example.com', chatStreamUrl(id));
    const res = await client.response;
    expect(res.statusCode).toBe(200);
    await expect.poll(() => client.received()).toContain(event(1, answer(1)));
    await expect.poll(() => client.received()).toContain(': keep-alive\n\n');
    writer.write(answer(2));
    await expect.poll(() => client.received()).toContain(event(2, answer(2)));
    writer.write(end);
    await writer.end();
    await expect.poll(() => client.ended()).toBe(true);
    const events = client.received().replaceAll(': keep-alive\n\n', '');
    expect(events).toBe(event(1, answer(1)) + event(2, answer(2)) + event(3, end));
  });

  it('stops following when the client goes away', async () => {
    const id = uniqueId('gone');
    const writer = await store.open(id, 'ann@example.com');
    writer.write(answer(1));
    const before = signals.length;
    const client = openStream('ann@example.com', chatStreamUrl(id));
    await client.response;
    await expect.poll(() => client.received()).toContain(event(1, answer(1)));
    const signal = signals[before]!;
    expect(signal.aborted).toBe(false);
    expect(store.followers()).toBe(1);
    client.req.destroy();
    await expect.poll(() => signal.aborted).toBe(true);
    await expect.poll(() => store.followers()).toBe(0);
    await writer.end();
  });
});
