import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyLimits,
  apiKeyMessages,
  apiKeyRoutes,
  apiKeyStreamId,
  chatMessages,
  type ApiKeyChangeResponse,
  type ApiKeySecretResponse,
  type ApiKeysResponse,
  type ApiKeySystemIdsResponse,
} from '@app/contracts';
import { readStream } from '@app/platform';
import { issueApiKey } from '../../src/api-keys/index';
import { keyBody, startApiKeysPlatform, type ApiKeysPlatform } from '../support-api-keys/api-keys-platform';
import { tableCount, tablesContaining } from '../support-api-keys/scan';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
let p: ApiKeysPlatform;

beforeAll(async () => {
  p = await startApiKeysPlatform();
});
afterAll(async () => {
  await p.close();
});

const keysOf = async (email: string) => {
  const res = await p.call({ email }, 'GET', apiKeyRoutes.get);
  expect(res.statusCode).toBe(200);
  return res.json<ApiKeysResponse>().data;
};
const post = (email: string, url: string, body: unknown) => p.call({ email }, 'POST', url, body);
const eventCount = async (apiKeyId: string) =>
  (await readStream(p.database.db, apiKeyStreamId(apiKeyId))).length;

/** The secret appears in no table, no log line, and in no answer but `allowed`. */
const expectSecretNowhere = async (secret: string) => {
  const random = secret.slice('amp-v1-'.length);
  expect(await tableCount(p.database.db)).toBeGreaterThan(10);
  expect(await tablesContaining(p.database.db, random)).toEqual([]);
  expect(p.logLines.length).toBeGreaterThan(0);
  expect(p.logLines.filter((l) => l.includes(random))).toEqual([]);
};

describe('API keys: create, read, rotate', () => {
  it('create answers the secret once; the key is stored as a hash only, never logged nor answered again', async () => {
    const created = await p.createKey(ann, keyBody({ applicationName: 'Reports' }));
    const secret = created.data.secret ?? '';
    expect(secret).toMatch(/^amp-v1-[A-Za-z0-9_-]{43}$/);
    expect(created.message).toBe(apiKeyMessages.created);
    expect(created.data.key).toMatchObject({
      apiKeyId: created.data.apiKeyId,
      owner: ann,
      delegate: null,
      applicationName: 'Reports',
      active: true,
      accessTypes: ['chat'],
      account: { id: 'general_account', name: 'No COA On File', isDefault: true },
      systemId: null,
    });
    expect(JSON.stringify(created.data.key)).not.toContain('ownerKey');
    // The key is used once, so requests are logged with its header (redacted) too.
    await p.call({ key: secret }, 'POST', '/api/chat', {});
    const listed = await keysOf(ann);
    expect(listed.map((k) => k.apiKeyId)).toContain(created.data.apiKeyId);
    const body = JSON.stringify(listed);
    expect(body).not.toContain(secret.slice(7));
    expect(body).not.toContain('owner_api_id');
    expect(body).not.toContain('/ownerKey/');
    await expectSecretNowhere(secret);
    // The scan does find what is there: the key's id is in the log and in its row.
    expect(await tablesContaining(p.database.db, created.data.apiKeyId)).toEqual(
      expect.arrayContaining(['public.events', 'public.api_keys']),
    );
    // The stream holds the creation, without the secret.
    expect(
      (await readStream(p.database.db, apiKeyStreamId(created.data.apiKeyId))).map((e) => e.type),
    ).toEqual(['ApiKeyCreated']);
  });

  it('the same create sent again with its Idempotency-Key answers the key without its secret', async () => {
    const headers = { 'idempotency-key': 'create-once-1' };
    const first = await p.call({ email: ann }, 'POST', apiKeyRoutes.create, keyBody(), headers);
    const again = await p.call({ email: ann }, 'POST', apiKeyRoutes.create, keyBody(), headers);
    expect(first.json<ApiKeySecretResponse>().data.secret).toBeDefined();
    const replay = again.json<ApiKeySecretResponse>();
    expect(replay.data.apiKeyId).toBe(first.json<ApiKeySecretResponse>().data.apiKeyId);
    expect(replay.data.secret).toBeUndefined();
    expect(replay.message).toBe(apiKeyMessages.secretNotShownAgain);
    await expectSecretNowhere(first.json<ApiKeySecretResponse>().data.secret ?? '');
  });

  it('rotate answers a new secret once; neither secret is kept anywhere', async () => {
    const created = await p.createKey(ann, keyBody());
    const res = await post(ann, apiKeyRoutes.rotate, { apiKeyId: created.data.apiKeyId });
    expect(res.statusCode).toBe(200);
    const rotated = res.json<ApiKeySecretResponse>();
    expect(rotated.message).toBe(apiKeyMessages.rotated);
    expect(rotated.data.secret).toMatch(/^amp-v1-/);
    expect(rotated.data.secret).not.toBe(created.data.secret);
    await expectSecretNowhere(created.data.secret ?? '');
    await expectSecretNowhere(rotated.data.secret ?? '');
  });

  it('a system key gets a system id; get_system_ids answers the caller’s active ones only', async () => {
    const created = await p.createKey(bob, keyBody({ applicationName: 'Nightly Sync', systemUse: true }));
    expect(created.data.key.systemId).toMatch(/^nightly-sync-[0-9a-f]{8}$/);
    expect(created.data.key.systemUse).toBe(true);
    const ids = await p.call({ email: bob }, 'GET', apiKeyRoutes.systemIds);
    expect(ids.json<ApiKeySystemIdsResponse>().data).toEqual([
      {
        systemId: created.data.key.systemId,
        apiKeyId: created.data.apiKeyId,
        applicationName: 'Nightly Sync',
      },
    ]);
    const annIds = await p.call({ email: ann }, 'GET', apiKeyRoutes.systemIds);
    expect(annIds.json<ApiKeySystemIdsResponse>().data).toEqual([]);
  });
});

describe('API keys: the key-state rules (spec section 4)', () => {
  it('deactivate; deactivating again only says it is inactive and records nothing', async () => {
    const { data } = await p.createKey(ann, keyBody());
    const first = await post(ann, apiKeyRoutes.deactivate, { apiKeyId: data.apiKeyId });
    expect(first.statusCode).toBe(200);
    expect(first.json<ApiKeyChangeResponse>()).toMatchObject({
      message: apiKeyMessages.deactivated,
      data: [{ apiKeyId: data.apiKeyId, active: false }],
    });
    const before = await eventCount(data.apiKeyId);
    const again = await post(ann, apiKeyRoutes.deactivate, { apiKeyId: data.apiKeyId });
    expect(again.statusCode).toBe(200);
    expect(again.json<ApiKeyChangeResponse>().message).toBe(apiKeyMessages.alreadyInactive);
    expect(await eventCount(data.apiKeyId)).toBe(before);
  });

  it('an inactive key: no update, no reactivation, no rotation; GET still shows it', async () => {
    const { data } = await p.createKey(ann, keyBody({ applicationName: 'Old App' }));
    await post(ann, apiKeyRoutes.deactivate, { apiKeyId: data.apiKeyId });
    const before = await eventCount(data.apiKeyId);
    const update = await post(ann, apiKeyRoutes.update, [
      { apiKeyId: data.apiKeyId, applicationDescription: 'x' },
    ]);
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ message: apiKeyMessages.onlyActiveUpdate('Old App') });
    const reactivate = await post(ann, apiKeyRoutes.update, [{ apiKeyId: data.apiKeyId, active: true }]);
    expect(reactivate.statusCode).toBe(400);
    expect(reactivate.json()).toMatchObject({ message: apiKeyMessages.cannotReactivate });
    const rotate = await post(ann, apiKeyRoutes.rotate, { apiKeyId: data.apiKeyId });
    expect(rotate.statusCode).toBe(400);
    expect(rotate.json()).toMatchObject({ message: apiKeyMessages.inactiveOnlyGet });
    expect(await eventCount(data.apiKeyId)).toBe(before);
    expect((await keysOf(ann)).find((k) => k.apiKeyId === data.apiKeyId)).toMatchObject({ active: false });
  });

  it('an active key updates only what changed; every entry or none', async () => {
    const one = await p.createKey(ann, keyBody({ applicationName: 'One' }));
    const two = await p.createKey(ann, keyBody({ applicationName: 'Two' }));
    const res = await post(ann, apiKeyRoutes.update, [
      { apiKeyId: one.data.apiKeyId, rateLimit: { period: 'Daily', rate: 5 }, applicationName: 'One' },
      { apiKeyId: two.data.apiKeyId, accessTypes: ['chat', 'file_upload'], expirationDate: '2099-12-31' },
    ]);
    expect(res.statusCode).toBe(200);
    const answer = res.json<ApiKeyChangeResponse>();
    expect(answer.message).toBe(apiKeyMessages.updated(2));
    expect(answer.data.find((k) => k.apiKeyId === one.data.apiKeyId)).toMatchObject({
      rateLimit: { period: 'Daily', rate: 5 },
      applicationName: 'One',
    });
    expect(answer.data.find((k) => k.apiKeyId === two.data.apiKeyId)).toMatchObject({
      accessTypes: ['chat', 'file_upload'],
      expirationDate: '2099-12-31',
    });
    const events = await readStream(p.database.db, apiKeyStreamId(one.data.apiKeyId));
    expect(events.at(-1)).toMatchObject({
      type: 'ApiKeyUpdated',
      data: { changes: { rateLimit: { period: 'Daily', rate: 5 } } },
    });
    // One refusal (an expiry in the past) and neither key changes.
    const before = [await eventCount(one.data.apiKeyId), await eventCount(two.data.apiKeyId)];
    const refused = await post(ann, apiKeyRoutes.update, [
      { apiKeyId: one.data.apiKeyId, applicationDescription: 'changed' },
      { apiKeyId: two.data.apiKeyId, expirationDate: '2001-01-01' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: apiKeyMessages.expiryInPast });
    expect([await eventCount(one.data.apiKeyId), await eventCount(two.data.apiKeyId)]).toEqual(before);
  });
});

describe('API keys: only their owner (and delegate) know of them', () => {
  it("another user's key is unknown to them: rotate, deactivate, update answer 404 as an unknown id; GET leaves it out", async () => {
    const { data } = await p.createKey(ann, keyBody());
    const before = await eventCount(data.apiKeyId);
    for (const [url, body] of [
      [apiKeyRoutes.rotate, { apiKeyId: data.apiKeyId }],
      [apiKeyRoutes.deactivate, { apiKeyId: data.apiKeyId }],
      [apiKeyRoutes.update, [{ apiKeyId: data.apiKeyId, applicationName: 'Mine now' }]],
      [apiKeyRoutes.rotate, { apiKeyId: '3b241101-e2bb-4255-8caf-4136c566a962' }],
    ] as const) {
      const res = await post(bob, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, message: apiKeyMessages.notFound });
    }
    expect(await eventCount(data.apiKeyId)).toBe(before);
    expect((await keysOf(bob)).map((k) => k.apiKeyId)).not.toContain(data.apiKeyId);
  });

  it("a delegate's key: created without a secret for its owner; the delegate sees it and alone rotates it", async () => {
    const created = await p.createKey(ann, keyBody({ delegate: 'Bob@Example.com' }));
    expect(created.data.secret).toBeUndefined();
    expect(created.message).toBe(apiKeyMessages.createdForDelegate(bob));
    expect((await keysOf(bob)).find((k) => k.apiKeyId === created.data.apiKeyId)).toMatchObject({
      owner: ann,
      delegate: bob,
    });
    const byOwner = await post(ann, apiKeyRoutes.rotate, { apiKeyId: created.data.apiKeyId });
    expect(byOwner.statusCode).toBe(400);
    expect(byOwner.json()).toMatchObject({ message: apiKeyMessages.onlyHolderRotates(bob) });
    const byDelegate = await post(bob, apiKeyRoutes.rotate, { apiKeyId: created.data.apiKeyId });
    expect(byDelegate.statusCode).toBe(200);
    expect(byDelegate.json<ApiKeySecretResponse>().data.secret).toMatch(/^amp-v1-/);
    // The delegate may not change its settings (the owner's account pays).
    const update = await post(bob, apiKeyRoutes.update, [
      { apiKeyId: created.data.apiKeyId, applicationName: 'x' },
    ]);
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ message: apiKeyMessages.onlyOwnerUpdates });
  });
});

describe('API keys: bad input is refused, nothing recorded', () => {
  const refused = async (body: unknown, message: string | RegExp) => {
    const events = await p.database.db
      .selectFrom('events')
      .select(p.database.db.fn.countAll().as('n'))
      .executeTakeFirst();
    const res = await post(ann, apiKeyRoutes.create, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
    const after = await p.database.db
      .selectFrom('events')
      .select(p.database.db.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after?.n).toBe(events?.n);
  };
  it('each rule with its message', async () => {
    await refused(keyBody({ delegate: ann }), apiKeyMessages.delegateIsOwner);
    await refused(keyBody({ delegate: bob, systemUse: true }), apiKeyMessages.systemKeyDelegate);
    await refused(keyBody({ expirationDate: '2001-01-01' }), apiKeyMessages.expiryInPast);
    await refused(keyBody({ expirationDate: 'tomorrow' }), apiKeyMessages.expiryInvalid);
    await refused(keyBody({ accessTypes: [] }), apiKeyMessages.accessTypesRequired);
    await refused({ ...keyBody(), accessTypes: ['admin'] }, /Access types|accessTypes/);
    await refused(keyBody({ applicationName: '  ' }), apiKeyMessages.applicationNameRequired);
    await refused(keyBody({ applicationName: 'x'.repeat(201) }), /200/);
    await refused(
      keyBody({ account: { id: 'not-mine', name: 'X' } }),
      chatMessages.unknownAccount('not-mine'),
    );
    const badId = await post(ann, apiKeyRoutes.rotate, { apiKeyId: '../../etc' });
    expect(badId.statusCode).toBe(400);
  });
});

describe('API keys: bounded', () => {
  it('an owner holds at most 100 active keys; deactivating one makes room', async () => {
    const cap = 'cap@example.com';
    const ids: string[] = [];
    for (let i = 0; i < apiKeyLimits.activeKeysPerOwner; i++) {
      const issued = await issueApiKey(
        p.database.db,
        {
          owner: cap,
          applicationName: `Key ${i}`,
          account: { id: 'general_account', name: 'No COA On File' },
          rateLimit: { period: 'Unlimited', rate: null },
          accessTypes: ['chat'],
        },
        { email: cap, kind: 'user' },
      );
      ids.push(issued.apiKeyId);
    }
    const refused = await post(cap, apiKeyRoutes.create, keyBody());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: apiKeyMessages.tooManyKeys(apiKeyLimits.activeKeysPerOwner),
    });
    // The APIkey block's short names are understood (id for apiKeyId).
    const off = await post(cap, apiKeyRoutes.update, [{ id: ids[0], active: false }]);
    expect(off.statusCode).toBe(200);
    expect(
      (
        await post(cap, apiKeyRoutes.create, { ...keyBody(), applicationName: undefined, appName: 'Short' })
      ).json(),
    ).toMatchObject({
      data: { key: { applicationName: 'Short' } },
    });
  });
});
