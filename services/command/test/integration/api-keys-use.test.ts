import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyMessages,
  apiKeyRoutes,
  apiKeyUseStreamId,
  chatRoute,
  routes,
  spendStreamIds,
  type ApiKeySecretResponse,
} from '@app/contracts';
import { readStream } from '@app/platform';
import {
  chatModelConfigurations,
  startModelServer,
  testChatModel,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { parseSse } from '../support-chat/chat-platform';
import {
  admin,
  keyBody,
  startApiKeysPlatform,
  type ApiKeysPlatform,
} from '../support-api-keys/api-keys-platform';

const ann = 'ann@example.com';
const dee = 'dee@example.com';
let p: ApiKeysPlatform;
let model: ModelServer;
let n = 0;

const ask = () => ({
  model: testChatModelId,
  messages: [{ role: 'user', content: 'hello' }],
  options: { requestId: `key-chat-${++n}` },
});

beforeAll(async () => {
  model = await startModelServer();
  p = await startApiKeysPlatform();
  await p.configure(chatModelConfigurations(model.chatUrl, { models: [testChatModel()] }));
});
afterAll(async () => {
  await p.close();
  await model.close();
});

const keyFor = async (email: string, extra: Parameters<typeof keyBody>[0] = {}) => {
  const created = await p.createKey(email, keyBody(extra));
  return { id: created.data.apiKeyId, secret: created.data.secret ?? '' };
};
const refusals = async (apiKeyId: string) =>
  (await readStream(p.database.db, apiKeyUseStreamId(apiKeyId))).map((e) => e.data as { reason: string });
const chatRequested = async (requestId: string) =>
  (await readStream(p.database.db, `chat-${requestId}`)).find((e) => e.type === 'ChatRequested');

describe('a request made with an API key', () => {
  it('chats as the key’s owner; the events carry the key as the actor; lastAccessed is set', async () => {
    const key = await keyFor(ann);
    const body = ask();
    const res = await p.call({ key: key.secret }, 'POST', chatRoute, body);
    expect(res.statusCode).toBe(200);
    const chunks = parseSse(res.body).events.map((e) => e.chunk);
    expect(chunks.some((c) => c.s === 'answer')).toBe(true);
    const requested = await chatRequested(body.options.requestId);
    expect(requested?.metadata.actor).toEqual({ email: ann, kind: 'apiKey', apiKeyId: key.id });
    // Its spend is on the key's own ledger too.
    const ledger = await readStream(p.database.db, spendStreamIds.apiKey(key.id));
    expect(ledger.map((e) => e.type)).toEqual(['SpendReserved', 'SpendSettled']);
    const row = await p.database.db
      .selectFrom('api_keys')
      .select('last_accessed')
      .where('id', '=', key.id)
      .executeTakeFirst();
    expect(row?.last_accessed).toBeInstanceOf(Date);
  });

  it("a delegate's key chats as the delegate, on the owner's account", async () => {
    await p.call({ email: ann }, 'POST', '/state/accounts/save', {
      accounts: [{ id: 'proj-7', name: 'Project 7', rateLimit: { period: 'Unlimited', rate: null } }],
    });
    const created = await p.createKey(
      ann,
      keyBody({ delegate: dee, account: { id: 'proj-7', name: 'Project 7' } }),
    );
    const rotated = await p.call({ email: dee }, 'POST', apiKeyRoutes.rotate, {
      apiKeyId: created.data.apiKeyId,
    });
    const secret = rotated.json<ApiKeySecretResponse>().data.secret ?? '';
    const body = ask();
    const res = await p.call({ key: secret }, 'POST', chatRoute, body);
    expect(res.statusCode).toBe(200);
    const requested = await chatRequested(body.options.requestId);
    expect(requested?.metadata.actor).toEqual({
      email: dee,
      kind: 'apiKey',
      apiKeyId: created.data.apiKeyId,
    });
    expect(requested?.data).toMatchObject({ accountId: 'proj-7' });
  });

  it('a route outside its access types: 403 with our words, recorded once a minute however often it is tried', async () => {
    const key = await keyFor(ann, { accessTypes: ['file_upload'] });
    const sent = model.requests.length;
    for (let i = 0; i < 3; i++) {
      const res = await p.call({ key: key.secret }, 'POST', chatRoute, ask());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: apiKeyMessages.outsideAccessTypes('chat') });
    }
    expect(model.requests.length).toBe(sent);
    expect(await refusals(key.id)).toMatchObject([
      { reason: 'outsideAccessTypes', route: `POST ${chatRoute}` },
    ]);
    expect(p.logLines.some((l) => l.includes(key.id) && l.includes('outsideAccessTypes'))).toBe(true);
  });

  it('full_access covers a route that declares chat', async () => {
    const key = await keyFor(ann, { accessTypes: ['full_access'] });
    expect((await p.call({ key: key.secret }, 'POST', chatRoute, ask())).statusCode).toBe(200);
  });

  it('routes that declare no access type refuse every key, an admin’s included (403)', async () => {
    const key = await keyFor(admin, { accessTypes: ['full_access'] });
    for (const [method, url] of [
      ['GET', routes.configs],
      ['POST', routes.configsUpdate],
      ['GET', apiKeyRoutes.get],
      ['POST', apiKeyRoutes.create],
      ['GET', routes.me],
    ] as const) {
      const res = await p.call({ key: key.secret }, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ message: apiKeyMessages.routeRefusesKeys });
    }
    expect(await refusals(key.id)).toMatchObject([{ reason: 'routeRefusesKeys' }]);
  });

  it('an expired key: 401, recorded', async () => {
    const key = await keyFor(ann);
    await p.database.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', key.id)
      .execute();
    const res = await p.call({ key: key.secret }, 'POST', chatRoute, ask());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: apiKeyMessages.expired });
    expect(await refusals(key.id)).toMatchObject([{ reason: 'expired' }]);
  });

  it('a deactivated key: 401', async () => {
    const key = await keyFor(ann);
    await p.call({ email: ann }, 'POST', apiKeyRoutes.deactivate, { apiKeyId: key.id });
    const res = await p.call({ key: key.secret }, 'POST', chatRoute, ask());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: apiKeyMessages.inactive });
  });

  it('after a rotation the old secret is unknown (401) and the new one works', async () => {
    const key = await keyFor(ann);
    const rotated = await p.call({ email: ann }, 'POST', apiKeyRoutes.rotate, { apiKeyId: key.id });
    const secret = rotated.json<ApiKeySecretResponse>().data.secret ?? '';
    const old = await p.call({ key: key.secret }, 'POST', chatRoute, ask());
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ message: apiKeyMessages.unknownKey });
    expect((await p.call({ key: secret }, 'POST', chatRoute, ask())).statusCode).toBe(200);
  });

  it('an unknown or malformed key: 401, nothing sent to the model', async () => {
    const sent = model.requests.length;
    for (const token of [`amp-v1-${'A'.repeat(43)}`, 'amp-v1-short', `amp-v1-${'A'.repeat(43)}x`]) {
      const res = await p.call({ key: token }, 'POST', chatRoute, ask());
      expect(res.statusCode, token).toBe(401);
    }
    expect(model.requests.length).toBe(sent);
  });

  it('past its rate limit: 429 naming the key’s limit, recorded; nothing sent', async () => {
    const key = await keyFor(ann, { applicationName: 'Capped', rateLimit: { period: 'Daily', rate: 0 } });
    const sent = model.requests.length;
    const res = await p.call({ key: key.secret }, 'POST', chatRoute, ask());
    expect(res.statusCode).toBe(429);
    expect(res.json<{ error: string }>().error).toContain(apiKeyMessages.limitName('Capped'));
    expect(model.requests.length).toBe(sent);
    expect(await refusals(key.id)).toMatchObject([{ reason: 'rateLimit' }]);
  });

  it('session cookies keep working beside keys', async () => {
    const body = ask();
    const res = await p.call({ email: ann }, 'POST', chatRoute, body);
    expect(res.statusCode).toBe(200);
    expect((await chatRequested(body.options.requestId))?.metadata.actor).toEqual({
      email: ann,
      kind: 'user',
    });
  });

  it('no log line holds a key secret', async () => {
    const key = await keyFor(ann);
    await p.call({ key: key.secret }, 'POST', chatRoute, ask());
    await p.call({ key: key.secret }, 'GET', routes.configs);
    expect(p.logLines.filter((l) => l.includes(key.secret.slice(7)))).toEqual([]);
  });
});
