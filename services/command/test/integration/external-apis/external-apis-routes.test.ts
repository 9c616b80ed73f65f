import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  externalApiMessages,
  externalApiRoutes,
  maskOf,
  type ExternalApiSaveResponse,
  type ExternalApisResponse,
  type ExternalApiTestResponse,
} from '@app/contracts';
import { createOutboundClient, parseAllowList, type OutboundClient } from '@app/platform';
import { startTestPlatform, type TestPlatform } from '../../../../query/test/support/test-platform';

const admin = 'admin@example.com';
const user = 'user@example.com';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  apiKey: string | undefined;
  body: string;
}

/** 30,000 arrays inside one another: under the Test's 64 KiB of answer. */
const deepJson = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;

/** A local API on `host`: answers JSON describing what it received, and records each request. */
const startApi = async (host: string): Promise<{ server: Server; origin: string; seen: Seen[] }> => {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        apiKey: req.headers['x-api-key'] as string | undefined,
        body,
      });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/deep') res.end(deepJson);
      else res.end(JSON.stringify({ ok: true, method: req.method, path: req.url, got: body }));
    });
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://${host}:${port}`, seen };
};

let p: TestPlatform;
let userUrls: OutboundClient;
let allowed: Awaited<ReturnType<typeof startApi>>;
let notListed: Awaited<ReturnType<typeof startApi>>;

beforeAll(async () => {
  allowed = await startApi('127.0.0.1');
  notListed = await startApi('127.0.0.2');
  // The client for addresses people type may reach 127.0.0.1 only (WEBSITE_FETCH_ALLOW=127.0.0.1).
  userUrls = createOutboundClient({ allow: parseAllowList(['127.0.0.1']), timeoutMs: 5_000 });
  p = await startTestPlatform({ admins: [admin], userUrls });
});
afterAll(async () => {
  await p.close();
  await userUrls.close();
  for (const s of [allowed, notListed]) await new Promise((r) => s.server.close(r));
});

const definition = (over: Record<string, unknown> = {}) => ({
  name: 'Weather',
  requestType: 'POST',
  url: `${allowed.origin}/weather`,
  params: [{ name: 'city', description: 'The city' }],
  headers: { 'X-Api-Key': 'header-secret-1234567890', Accept: 'application/json' },
  body: '{"city": "Paris"}',
  auth: { type: 'bearer', token: 'bearer-secret-abcdefghijkl' },
  description: 'The weather of a city',
  ...over,
});

const messageOf = (res: { json: () => unknown }) => (res.json() as { message: string }).message;

describe('external API definitions', () => {
  it('given a definition without name, url or description, then 400 with the clear message and nothing appended', async () => {
    const before = (await p.events()).length;
    for (const [over, message] of [
      [{ name: '  ' }, externalApiMessages.nameRequired],
      [{ url: '' }, externalApiMessages.urlRequired],
      [{ description: '' }, externalApiMessages.descriptionRequired],
      [{ url: 'ftp://example.com/x' }, externalApiMessages.urlInvalid],
      [{ url: 'https://u:p@example.com/x' }, externalApiMessages.urlWithCredentials],
      [{ auth: { type: 'bearer' } }, externalApiMessages.tokenRequired],
      [{ auth: { type: 'basic', username: 'ann' } }, externalApiMessages.usernameRequired],
    ] as const) {
      const res = await p.call(admin, 'POST', externalApiRoutes.save, { body: definition(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(messageOf(res)).toContain(message);
    }
    expect((await p.events()).length).toBe(before);
  });

  it('given a user who is not an admin, then every route is refused', async () => {
    expect((await p.call(user, 'POST', externalApiRoutes.save, { body: definition() })).statusCode).toBe(403);
    expect((await p.call(user, 'POST', externalApiRoutes.test, { body: definition() })).statusCode).toBe(403);
    expect((await p.call(user, 'GET', externalApiRoutes.list)).statusCode).toBe(403);
  });

  it('given a saved definition, then its credentials are in no event, read model or answer in clear, and the list masks them', async () => {
    const res = await p.call(admin, 'POST', externalApiRoutes.save, { body: definition() });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<ExternalApiSaveResponse>();
    expect(res.body).not.toContain('secret');
    const list = await p.call(admin, 'GET', `${externalApiRoutes.list}?waitFor=${saved.position}`);
    const [view] = list.json<ExternalApisResponse>().data;
    expect(view).toMatchObject({
      id: saved.id,
      name: 'Weather',
      headers: { Accept: 'application/json', 'X-Api-Key': maskOf('7890') },
      auth: { type: 'bearer', token: maskOf('ijkl') },
      params: [{ name: 'city', description: 'The city' }],
      updatedBy: admin,
    });
    expect(list.body).not.toContain('secret');
    const events = JSON.stringify(await p.events());
    expect(events).toContain('ExternalApiSaved');
    expect(events).not.toContain('header-secret');
    expect(events).not.toContain('bearer-secret');
    const rows = JSON.stringify(await p.database.db.selectFrom('rm_external_apis').selectAll().execute());
    expect(rows).not.toContain('secret-');
    const results = JSON.stringify(await p.database.db.selectFrom('command_results').selectAll().execute());
    expect(results).not.toContain('secret-');
  });

  it('given the Test of an allowed local server, then its JSON is answered, with the saved credentials behind the masks', async () => {
    const list = (await p.call(admin, 'GET', externalApiRoutes.list)).json<ExternalApisResponse>().data;
    const view = list[0];
    if (!view) throw new Error('no definition');
    allowed.seen.length = 0;
    const res = await p.call(admin, 'POST', externalApiRoutes.test, {
      body: { ...view, id: view.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ExternalApiTestResponse>();
    expect(answer).toEqual({
      success: true,
      status: 200,
      contentType: 'application/json',
      result: { ok: true, method: 'POST', path: '/weather', got: '{"city":"Paris"}' },
      truncated: false,
    });
    expect(allowed.seen).toEqual([
      {
        method: 'POST',
        url: '/weather',
        authorization: 'Bearer bearer-secret-abcdefghijkl',
        apiKey: 'header-secret-1234567890',
        body: '{"city":"Paris"}',
      },
    ]);
  });

  it('given basic auth typed in the Test, then it is sent as Basic, and a GET sends no body', async () => {
    allowed.seen.length = 0;
    const res = await p.call(admin, 'POST', externalApiRoutes.test, {
      body: definition({
        requestType: 'GET',
        auth: { type: 'basic', username: 'ann', password: 'pw' },
        headers: {},
      }),
    });
    expect(res.json<ExternalApiTestResponse>()).toMatchObject({ success: true, status: 200 });
    expect(allowed.seen[0]).toMatchObject({
      method: 'GET',
      authorization: `Basic ${Buffer.from('ann:pw').toString('base64')}`,
      body: '',
    });
  });

  it('given a loopback server not on the allow list, then the Test is refused and the server saw no request', async () => {
    const res = await p.call(admin, 'POST', externalApiRoutes.test, {
      body: definition({ url: `${notListed.origin}/weather` }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(messageOf(res)).toBe(externalApiMessages.testNotPublic);
    expect(notListed.seen).toEqual([]);
  });

  it('given a mask sent back for a definition that has none saved, then 400 and nothing is called', async () => {
    allowed.seen.length = 0;
    const res = await p.call(admin, 'POST', externalApiRoutes.test, {
      body: definition({ auth: { type: 'bearer', token: maskOf('abcd') } }),
    });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(externalApiMessages.maskedCredentialUnknown);
    expect(allowed.seen).toEqual([]);
  });

  it('given a new token saved, then the old one is shredded, and a delete shreds the rest', async () => {
    const list = (await p.call(admin, 'GET', externalApiRoutes.list)).json<ExternalApisResponse>().data;
    const view = list[0];
    if (!view) throw new Error('no definition');
    const liveKeys = async () =>
      (
        await p.database.db
          .selectFrom('data_keys')
          .select('id')
          .where('wrapped_key', 'is not', null)
          .execute()
      ).length;
    const before = await liveKeys();
    const res = await p.call(admin, 'POST', externalApiRoutes.save, {
      body: { ...view, auth: { type: 'bearer', token: 'another-token-000000000' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await liveKeys()).toBe(before);
    const del = await p.call(admin, 'POST', externalApiRoutes.delete, { body: { id: view.id } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await liveKeys()).toBe(before - 2);
    const after = await p.call(
      admin,
      'GET',
      `${externalApiRoutes.list}?waitFor=${del.json<{ position: string }>().position}`,
    );
    expect(after.json<ExternalApisResponse>().data).toEqual([]);
  });

  it('given the Test of a server answering JSON nested 30,000 deep, then it is answered as text, never a 500', async () => {
    const res = await p.call(admin, 'POST', externalApiRoutes.test, {
      body: definition({ url: `${allowed.origin}/deep`, requestType: 'GET', body: '' }),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json<ExternalApiTestResponse>()).toMatchObject({
      success: true,
      status: 200,
      result: deepJson,
    });
  });
});
