import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { pino } from 'pino';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  integrationMessages,
  integrationRoutes,
  maskOf,
  type AdminIntegrationsResponse,
  type ProviderEndpoints,
} from '@app/contracts';
import {
  createOutboundClient,
  loggerOptions,
  parseAllowList,
  type Db,
  type OutboundClient,
} from '@app/platform';
import { startTestPlatform, type TestPlatform } from '../../../../query/test/support/test-platform';
import {
  startLocalOAuthProvider,
  type LocalOAuthProvider,
} from '../../support-integrations/local-oauth-provider';

/**
 * Integrations against a local OAuth provider (https on 127.0.0.1, self-signed): admins register a
 * provider's secrets and support an item; a user starts the authorization (PKCE, state kept on the
 * server), the provider redirects back, the callback exchanges the code through the guarded client
 * and keeps the tokens sealed. The state is single use and the user's own; non-https endpoints are
 * refused.
 */
const admin = 'admin@example.com';
const ann = 'ann@example.com';
const bob = 'bob@example.com';
const clientSecret = 'client-secret-value-0000-CSEC';

const logLines: string[] = [];
const logger = pino(
  loggerOptions('debug', 'test'),
  new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  }),
);

let provider: LocalOAuthProvider;
let client: OutboundClient;
let p: TestPlatform;
let browserAgent: Agent;

const registerAndSupport = async (platform: TestPlatform) => {
  const reg = await platform.call(admin, 'POST', integrationRoutes.registerSecret, {
    body: { client_id: 'client-google', client_secret: clientSecret, integration: 'google', tenant_id: '' },
  });
  expect(reg.statusCode, reg.body).toBe(200);
  expect(reg.json<{ message: string }>().message).toBe(integrationMessages.registered);
  const support = await platform.call(admin, 'POST', integrationRoutes.support, {
    body: { integration: 'google_drive', isAvailable: true },
  });
  expect(support.statusCode, support.body).toBe(200);
};

/** What the user's window does at the provider: opens the authorization address, is sent back. */
const authorize = async (location: string): Promise<string> => {
  const res = await undiciFetch(location, { redirect: 'manual', dispatcher: browserAgent });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  expect(back.pathname).toBe(integrationRoutes.callback);
  return `${back.pathname}${back.search}`;
};

const startAuth = async (platform: TestPlatform, email: string) => {
  const res = await platform.call(email, 'POST', integrationRoutes.startAuth, {
    body: { integration: 'google_drive' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Location: string }>().Location;
};

/** Every row of every table of the platform's database, as text. */
const everyRow = async (db: Db): Promise<string> => {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db);
  const texts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql<{ t: string }>`select t::text as t from ${sql.table(table_name)} t`.execute(db);
    texts.push(...rows.rows.map((r) => r.t));
  }
  return texts.join('\n');
};

beforeAll(async () => {
  provider = await startLocalOAuthProvider();
  browserAgent = new Agent({ connect: { ca: provider.ca } });
  client = createOutboundClient({ allow: parseAllowList(['127.0.0.1']), tls: { ca: provider.ca } });
  p = await startTestPlatform({
    admins: [admin],
    logger,
    integrations: { endpoints: { google: provider.endpoints }, outbound: client },
  });
  await registerAndSupport(p);
});

afterAll(async () => {
  await p.close();
  await client.close();
  await browserAgent.close();
  await provider.close();
});

describe('the admin side', () => {
  it('answers the client secret only as its mask, and supporting needs the secrets', async () => {
    const res = await p.call(admin, 'GET', integrationRoutes.adminList);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(clientSecret);
    const google = res.json<AdminIntegrationsResponse>().data.find((d) => d.provider === 'google');
    expect(google).toMatchObject({
      client_id: 'client-google',
      client_secret: maskOf('CSEC'),
      hasSecrets: true,
    });
    expect(google?.items.find((i) => i.id === 'google_drive')?.isAvailable).toBe(true);
    const microsoft = res.json<AdminIntegrationsResponse>().data.find((d) => d.provider === 'microsoft');
    expect(microsoft?.label).toBe('Office 365');

    const refused = await p.call(admin, 'POST', integrationRoutes.support, {
      body: { integration: 'microsoft_outlook', isAvailable: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(integrationMessages.noSecrets('Office 365'));
  });

  it('keeps the registered secret when the mask is sent back', async () => {
    const again = await p.call(admin, 'POST', integrationRoutes.registerSecret, {
      body: {
        client_id: 'client-google',
        client_secret: maskOf('CSEC'),
        integration: 'google',
        tenant_id: '',
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ position: string }>().position).toBe('0');
  });

  it('refuses users', async () => {
    const res = await p.call(ann, 'POST', integrationRoutes.registerSecret, {
      body: { client_id: 'x', client_secret: 'y', integration: 'google', tenant_id: '' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('connecting', () => {
  it('lists the supported items, connects through the provider and keeps the tokens sealed', async () => {
    const supported = await p.call(ann, 'GET', integrationRoutes.listSupported);
    expect(
      supported.json<{ data: Record<string, { id: string }[]> }>().data['google']?.map((i) => i.id),
    ).toEqual(['google_drive']);

    const location = await startAuth(p, ann);
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(provider.endpoints.authorizationEndpoint);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('client_id')).toBe('client-google');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location).not.toContain(clientSecret);

    const callback = await authorize(location);
    const before = provider.exchanges.length;
    const done = await p.call(ann, 'GET', callback);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['content-type']).toContain('text/html');
    expect(done.body).toContain(integrationMessages.connected('Google Drive'));
    expect(provider.exchanges.length).toBe(before + 1);
    const exchange = provider.exchanges.at(-1);
    expect(exchange?.body['code_verifier']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(exchange?.body['client_secret']).toBe(clientSecret);

    const list = await p.call(ann, 'GET', integrationRoutes.userList);
    expect(list.json<{ data: string[] }>().data).toEqual(['google_drive']);
    expect((await p.call(bob, 'GET', integrationRoutes.userList)).json<{ data: string[] }>().data).toEqual(
      [],
    );

    const events = await p.events();
    const connected = events.find((e) => e.type === 'IntegrationConnected');
    expect(connected?.metadata.actor.email).toBe(ann);

    // The tokens' text: in no table, no event, no log line, no answer.
    const accessToken = exchange?.accessToken ?? 'missing';
    const refreshToken = exchange?.refreshToken ?? 'missing';
    const rows = await everyRow(p.database.db);
    expect(rows).toContain('IntegrationConnected');
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of [
      accessToken,
      refreshToken,
      clientSecret,
      exchange?.body['code_verifier'] ?? 'missing',
    ]) {
      expect(rows).not.toContain(secret);
      expect(logLines.join('\n')).not.toContain(secret);
      expect(done.body).not.toContain(secret);
      expect(list.body).not.toContain(secret);
    }
    const stored = await p.database.db.selectFrom('integration_tokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokens).toMatchObject({ version: 2 });
  });

  it('refuses a state used once already, and exchanges nothing', async () => {
    const callback = await authorize(await startAuth(p, ann));
    expect((await p.call(ann, 'GET', callback)).statusCode).toBe(200);
    const before = provider.exchanges.length;
    const again = await p.call(ann, 'GET', callback);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(integrationMessages.callbackRefused);
    expect(provider.exchanges.length).toBe(before);
  });

  it("refuses another user's state, which stays its owner's", async () => {
    const callback = await authorize(await startAuth(p, ann));
    const before = provider.exchanges.length;
    const stolen = await p.call(bob, 'GET', callback);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.body).toContain(integrationMessages.callbackRefused);
    expect(provider.exchanges.length).toBe(before);
    expect((await p.call(bob, 'GET', integrationRoutes.userList)).json<{ data: string[] }>().data).toEqual(
      [],
    );
    expect((await p.call(ann, 'GET', callback)).statusCode).toBe(200);
  });

  it('refuses an unknown state and a callback without a session', async () => {
    const unknown = await p.call(
      ann,
      'GET',
      `${integrationRoutes.callback}?code=abc&state=${'x'.repeat(43)}`,
    );
    expect(unknown.statusCode).toBe(400);
    expect((await p.call(null, 'GET', `${integrationRoutes.callback}?code=a&state=b`)).statusCode).toBe(401);
  });

  it('refuses an integration that is not supported', async () => {
    const res = await p.call(ann, 'POST', integrationRoutes.startAuth, {
      body: { integration: 'google_sheets' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(integrationMessages.notSupported('Google Sheets'));
    const bad = await p.call(ann, 'POST', integrationRoutes.startAuth, { body: { integration: '../etc' } });
    expect(bad.statusCode).toBe(400);
  });

  it('disconnects: the tokens are gone and their key destroyed', async () => {
    const res = await p.call(ann, 'POST', integrationRoutes.userDelete, {
      body: { integration: 'google_drive' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await p.call(ann, 'GET', integrationRoutes.userList)).json<{ data: string[] }>().data).toEqual(
      [],
    );
    expect(await p.database.db.selectFrom('integration_tokens').selectAll().execute()).toHaveLength(0);
    const again = await p.call(ann, 'POST', integrationRoutes.userDelete, {
      body: { integration: 'google_drive' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toBe(integrationMessages.notConnected('Google Drive'));
    const events = await p.events();
    expect(events.find((e) => e.type === 'IntegrationDisconnected')?.metadata.actor.email).toBe(ann);
  });

  it('answers that integration files are not available yet', async () => {
    const res = await p.call(ann, 'POST', integrationRoutes.userFiles, { body: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe(integrationMessages.filesNotAvailable);
  });
});

describe('endpoints that are not https', () => {
  let plain: Server;
  let plainRequests = 0;
  let plainUrl: string;
  beforeAll(async () => {
    plain = createServer((_req, res) => {
      plainRequests++;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const address = plain.address();
    plainUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => plain.close(() => resolve()));
  });

  const platformWith = async (endpoints: ProviderEndpoints) => {
    const platform = await startTestPlatform({
      admins: [admin],
      integrations: { endpoints: { google: endpoints }, outbound: client },
    });
    await registerAndSupport(platform);
    return platform;
  };

  it('refuses an http authorization address', async () => {
    const platform = await platformWith({
      authorizationEndpoint: `${plainUrl}/authorize`,
      tokenEndpoint: provider.endpoints.tokenEndpoint,
    });
    try {
      const res = await platform.call(ann, 'POST', integrationRoutes.startAuth, {
        body: { integration: 'google_drive' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(integrationMessages.errorOccurred);
    } finally {
      await platform.close();
    }
  });

  it('refuses an http token endpoint: the code is never sent there', async () => {
    const platform = await platformWith({
      authorizationEndpoint: provider.endpoints.authorizationEndpoint,
      tokenEndpoint: `${plainUrl}/token`,
    });
    try {
      const callback = await authorize(await startAuth(platform, ann));
      const res = await platform.call(ann, 'GET', callback);
      expect(res.statusCode).toBe(502);
      expect(res.body).toContain(integrationMessages.connectFailed);
      expect(plainRequests).toBe(0);
      expect(
        (await platform.call(ann, 'GET', integrationRoutes.userList)).json<{ data: string[] }>().data,
      ).toEqual([]);
    } finally {
      await platform.close();
    }
  });
});
