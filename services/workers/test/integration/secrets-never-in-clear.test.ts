import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  maskOf,
  readModelNames,
  routes,
  secretRoutes,
  sessionCookieName,
  type ConfigsResponse,
  type RevealResponse,
  type SealedSecret,
  type TestEndpointResponse,
} from '@app/contracts';
import { loggerOptions, type Db } from '@app/platform';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server';
import { startEndpointTestPlatform, type EndpointTestPlatform } from '../support/endpoint-test-platform';

/**
 * The full-run check: the platform with its workers, logging everything at trace level into a buffer.
 * A secret, an app variable and an endpoint key with distinctive values are saved, read, saved back,
 * revealed and used in endpoint tests; so are credentials in endpoint urls (`?api-key=`, `token=`,
 * an Azure Functions `?code=`, a path parameter `;api-key=`, refused `user:pass@`). Then no plain value may be found in the events table, any read model (every
 * table the platform and BullMQ keep, data keys included), the logs, the live pushes or any HTTP
 * answer but the reveals'.
 */
const run = randomBytes(6).toString('hex');
const plain = {
  secret: `plain-secret-${run}-SEC1`,
  variable: `plain-variable-${run}-VAR1`,
  endpointKey: `plain-endpoint-key-${run}-KEY1`,
  wrongKey: `plain-wrong-key-${run}-BAD1`,
  urlApiKey: `plain-url-api-key-${run}-AKEY`,
  urlToken: `plain-url-token-${run}-TOKN`,
  urlUser: `plain-url-user-${run}-USER`,
  urlPassword: `plain-url-password-${run}-PASS`,
  urlCode: `plain-url-code-${run}-CODE`,
  urlMatrixKey: `plain-url-matrix-key-${run}-MTRX`,
};
const ann = 'ann@example.com';

const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});
const logger = pino({ ...loggerOptions('trace', 'full-run') }, logSink);

let t: EndpointTestPlatform;
let server: OpenAiTestServer;
const answers: string[] = [];
const liveMessages: string[] = [];
let socket: WebSocket | undefined;

beforeAll(async () => {
  server = await startOpenAiTestServer(plain.endpointKey);
  t = await startEndpointTestPlatform({ admins: [ann], logger, listen: true });
});
afterAll(async () => {
  socket?.terminate();
  await t?.close();
  await server?.close();
});

/** An HTTP call whose answer is kept for the search (unless it is a reveal). */
const call = async (method: 'GET' | 'POST', url: string, body?: unknown, keep = true) => {
  const res = await t.p.call(ann, method, url, body === undefined ? {} : { body });
  if (keep) answers.push(JSON.stringify(res.headers) + res.body);
  return res;
};

/** Every table of the platform's database (public: log, read models, command results, checkpoints; bullmq: the jobs). */
const tablesHolding = async (db: Db, value: string): Promise<string[]> => {
  const tables = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema in ('public', 'bullmq') and table_type = 'BASE TABLE'`.execute(db);
  const found: string[] = [];
  for (const { schema, name } of tables.rows) {
    const hits = await sql<{ n: string }>`
      select count(*)::text as n from ${sql.table(`${schema}.${name}`)} as t where t::text like ${`%${value}%`}`.execute(
      db,
    );
    if (hits.rows[0]?.n !== '0') found.push(`${schema}.${name}`);
  }
  return found;
};

describe('a full run: no secret value in clear anywhere but the reveal answer', () => {
  it('runs the whole flow', async () => {
    // A dashboard watching every read model.
    const session = await t.p.signIn(ann);
    socket = new WebSocket(`${t.p.url.replace(/^http/, 'ws')}${routes.live}`, {
      headers: { cookie: `${sessionCookieName}=${session}` },
      origin: t.p.url,
    });
    const live = socket;
    live.on('message', (data: Buffer) => liveMessages.push(data.toString('utf8')));
    await new Promise<void>((resolve, reject) => {
      live.once('open', () => resolve());
      live.once('error', reject);
    });
    live.send(JSON.stringify({ type: 'subscribe', readModels: readModelNames }));

    // Save the three kinds of value.
    const url = `${server.origin}/v1/chat/completions`;
    const saved = await call('POST', routes.configsUpdate, {
      configurations: [
        { type: 'applicationSecrets', data: { OPENAI_ORG_SECRET: plain.secret } },
        { type: 'applicationVariables', data: { INTERNAL_TOKEN_VAR: plain.variable } },
        {
          type: 'openaiEndpoints',
          data: { models: [{ 'gpt-4o': { endpoints: [{ url, key: plain.endpointKey, isNew: true }] } }] },
        },
      ],
    });
    expect(saved.statusCode).toBe(200);

    // Read them back (masked) and save the masks back.
    await t.p.settle();
    const loaded = (await call('GET', routes.configs)).json<ConfigsResponse>();
    expect(loaded.data.applicationSecrets).toEqual({ OPENAI_ORG_SECRET: maskOf('SEC1') });
    expect(loaded.data.applicationVariables).toEqual({ INTERNAL_TOKEN_VAR: maskOf('VAR1') });
    const again = await call('POST', routes.configsUpdate, {
      configurations: ['applicationSecrets', 'applicationVariables', 'openaiEndpoints'].map((type) => ({
        type,
        data: loaded.data[type as 'applicationSecrets'],
      })),
    });
    expect(again.statusCode).toBe(200);

    // Reveal two of them (the only answers allowed to hold a value).
    const revealed = await call(
      'POST',
      secretRoutes.reveal,
      { section: 'applicationSecrets', key: 'OPENAI_ORG_SECRET' },
      false,
    );
    expect(revealed.json<RevealResponse>().value).toBe(plain.secret);
    const revealedKey = await call(
      'POST',
      secretRoutes.reveal,
      { section: 'openaiEndpoints', model: 'gpt-4o', index: 0 },
      false,
    );
    expect(revealedKey.json<RevealResponse>().value).toBe(plain.endpointKey);

    // Endpoint tests: one passing, one failing (the server's 401 body echoes the wrong key), one refused.
    const passed = (
      await call('POST', secretRoutes.testEndpoint, { url, key: plain.endpointKey, model: 'gpt-4o' })
    ).json<TestEndpointResponse>();
    expect(passed.success).toBe(true);
    const failed = (
      await call('POST', secretRoutes.testEndpoint, { url, key: plain.wrongKey })
    ).json<TestEndpointResponse>();
    expect(failed).toMatchObject({ success: false, reason: 'HTTP 401 Unauthorized' });
    const refused = (
      await call('POST', secretRoutes.testEndpoint, { url: 'http://127.0.0.2:9/x', key: plain.endpointKey })
    ).json<TestEndpointResponse>();
    expect(refused.success).toBe(false);

    // Operators' views: the log over HTTP, an endpoint test's row, a refused save carrying a value.
    await call('GET', `${routes.events}?limit=1000`);
    await call('GET', `/api/admin/endpointTests/${passed.testId}`);
    const badSave = await call('POST', routes.configsUpdate, {
      configurations: [
        {
          type: 'openaiEndpoints',
          data: { models: [{ modelid: { endpoints: [{ url, key: plain.endpointKey }] } }] },
        },
      ],
    });
    expect(badSave.statusCode).toBe(400);

    // Credentials in urls: saved sealed (the url masked), read back masked, saved back, tested.
    const keyUrl = `${server.origin}/v1/chat/completions?api-version=2024-02-01&api-key=${plain.urlApiKey}`;
    const tokenUrl = `${server.origin}/v1/embeddings?token=${plain.urlToken}`;
    const codeUrl = `${server.origin}/v1/chat/completions?code=${plain.urlCode}`;
    const matrixUrl = `${server.origin}/api;api-key=${plain.urlMatrixKey}`;
    const userUrl = `http://${plain.urlUser}:${plain.urlPassword}@127.0.0.1:${server.port}/v1/chat/completions`;
    const withUrls = await call('POST', routes.configsUpdate, {
      configurations: [
        {
          type: 'openaiEndpoints',
          data: {
            models: [
              {
                'gpt-4o': {
                  endpoints: [
                    { url, key: maskOf('KEY1') },
                    { url: keyUrl, key: plain.endpointKey, isNew: true },
                    { url: codeUrl, key: plain.endpointKey, isNew: true },
                  ],
                },
              },
              {
                'text-embedding-ada-002': {
                  endpoints: [
                    { url: tokenUrl, key: plain.endpointKey, isNew: true },
                    { url: matrixUrl, key: plain.endpointKey, isNew: true },
                  ],
                },
              },
            ],
          },
        },
      ],
    });
    expect(withUrls.statusCode).toBe(200);
    await t.p.settle();
    const masked = (await call('GET', routes.configs)).json<ConfigsResponse>().data.openaiEndpoints;
    expect(JSON.stringify(masked)).toContain('api-key=••••••••AKEY');
    expect(JSON.stringify(masked)).toContain('token=••••••••TOKN');
    expect(JSON.stringify(masked)).toContain('?code=••••••••CODE');
    expect(JSON.stringify(masked)).toContain('/api;api-key=••••••••MTRX');
    const savedBack = await call('POST', routes.configsUpdate, {
      configurations: [{ type: 'openaiEndpoints', data: masked }],
    });
    expect(savedBack.statusCode).toBe(200);
    const keyUrlTest = (
      await call('POST', secretRoutes.testEndpoint, { url: keyUrl, key: plain.endpointKey, model: 'gpt-4o' })
    ).json<TestEndpointResponse>();
    expect(keyUrlTest.success).toBe(true);
    const tokenUrlTest = (
      await call('POST', secretRoutes.testEndpoint, {
        url: tokenUrl,
        key: plain.endpointKey,
        model: 'text-embedding-ada-002',
      })
    ).json<TestEndpointResponse>();
    expect(tokenUrlTest.success).toBe(true);
    await call('GET', `/api/admin/endpointTests/${keyUrlTest.testId}`);
    const codeUrlTest = (
      await call('POST', secretRoutes.testEndpoint, { url: codeUrl, key: plain.endpointKey, model: 'gpt-4o' })
    ).json<TestEndpointResponse>();
    expect(codeUrlTest.success).toBe(true);
    const matrixUrlTest = (
      await call('POST', secretRoutes.testEndpoint, {
        url: `${matrixUrl}/embeddings`,
        key: plain.endpointKey,
        model: 'text-embedding-ada-002',
      })
    ).json<TestEndpointResponse>();
    expect(matrixUrlTest.success).toBe(true);
    // A failing test's message names the url, its path parameter masked.
    const matrixUrlFailed = (
      await call('POST', secretRoutes.testEndpoint, { url: matrixUrl, key: plain.endpointKey })
    ).json<TestEndpointResponse>();
    expect(matrixUrlFailed).toMatchObject({ success: false, reason: 'HTTP 404 Not Found' });
    expect(matrixUrlFailed.message).toContain('/api;api-key=••••••••MTRX');
    await call('GET', `/api/admin/endpointTests/${matrixUrlFailed.testId}`);
    // A user name and password before the host are refused, in a save and in a test, without repeating them.
    const userSave = await call('POST', routes.configsUpdate, {
      configurations: [
        {
          type: 'openaiEndpoints',
          data: {
            models: [{ 'gpt-4o': { endpoints: [{ url: userUrl, key: plain.endpointKey, isNew: true }] } }],
          },
        },
      ],
    });
    expect(userSave.statusCode).toBe(400);
    const userTest = await call('POST', secretRoutes.testEndpoint, { url: userUrl, key: plain.endpointKey });
    expect(userTest.statusCode).toBe(400);
    // The refusal names the url as sent: its path parameter masked.
    const userMatrixSave = await call('POST', routes.configsUpdate, {
      configurations: [
        {
          type: 'openaiEndpoints',
          data: {
            models: [
              {
                'gpt-4o': {
                  endpoints: [
                    {
                      url: userUrl.replace('/v1/', `${matrixUrl.slice(server.origin.length)}/`),
                      key: plain.endpointKey,
                    },
                  ],
                },
              },
            ],
          },
        },
      ],
    });
    expect(userMatrixSave.statusCode).toBe(400);
    expect(userMatrixSave.body).toContain(';api-key=••••••••MTRX');

    await call('GET', `${routes.events}?limit=1000`);
    await t.workers.idle();
    await t.p.settle();
    expect(server.calls.some((c) => c.headers['api-key'] === plain.endpointKey)).toBe(true);
    // The tests called the whole urls: the credentials reached the model server, and nothing else.
    expect(server.calls.some((c) => c.path.includes(`api-key=${plain.urlApiKey}`))).toBe(true);
    expect(
      server.calls.some((c) => c.path.includes('/embeddings') && c.path.includes(`token=${plain.urlToken}`)),
    ).toBe(true);
    expect(server.calls.some((c) => c.path.includes(`code=${plain.urlCode}`))).toBe(true);
    expect(
      server.calls.some(
        (c) => c.path.startsWith(`/api;api-key=${plain.urlMatrixKey}/`) && c.path.includes('/embeddings'),
      ),
    ).toBe(true);
  });

  it.each(Object.entries(plain))(
    'the %s value is in no table, log line, live push or HTTP answer',
    async (_name, value) => {
      expect(await tablesHolding(t.p.database.db, value)).toEqual([]);
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.filter((l) => l.includes(value))).toEqual([]);
      expect(liveMessages.length).toBeGreaterThan(0);
      expect(liveMessages.filter((m) => m.includes(value))).toEqual([]);
      expect(answers.length).toBeGreaterThan(5);
      expect(answers.filter((a) => a.includes(value))).toEqual([]);
    },
  );

  it('the events table holds the values sealed: ciphertext and the last 4 characters only', async () => {
    const rows = await sql<{
      data: string;
      metadata: string;
    }>`select data::text as data, metadata::text as metadata from events`.execute(t.p.database.db);
    const text = rows.rows.map((r) => r.data + r.metadata).join('\n');
    expect(text).toContain('"last4": "SEC1"');
    expect(text).toContain('"section": "openaiEndpoints", "endpointIndex": 0');
    for (const value of Object.values(plain)) expect(text).not.toContain(value);
  });

  it('once an endpoint test has run, its key and its sealed url are shredded (data keys destroyed)', async () => {
    const requested = (
      await sql<{ data: { key: SealedSecret; urlSecret?: SealedSecret } }>`
        select data from events where event_type = 'EndpointTestRequested'`.execute(t.p.database.db)
    ).rows.map((r) => r.data);
    expect(requested.some((d) => d.urlSecret)).toBe(true);
    const ids = requested.flatMap((d) =>
      [d.key, d.urlSecret].flatMap((s) => (s?.version === 2 ? [s.dataKeyId] : [])),
    );
    const rows = await t.p.database.db.selectFrom('data_keys').selectAll().where('id', 'in', ids).execute();
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((r) => r.wrapped_key === null && r.destroyed_at !== null)).toBe(true);
  });

  it('the search finds what is there: names in clear, and the values where they belong (the reveal, the model server)', async () => {
    expect(await tablesHolding(t.p.database.db, 'OPENAI_ORG_SECRET')).toEqual(
      expect.arrayContaining(['public.events', 'public.rm_application_secrets']),
    );
    expect(logLines.some((l) => l.includes('/api/admin/testEndpoint'))).toBe(true);
    expect(server.calls.filter((c) => c.headers['api-key'] === plain.wrongKey)).toHaveLength(1);
  });
});
