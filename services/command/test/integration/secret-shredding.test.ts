import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  maskOf,
  platformMessages,
  secretRevealsStreamId,
  secretRoutes,
  SealedSecret,
  sectionLabels,
  type RecordedEvent,
} from '@app/contracts';
import {
  createSecretBox,
  destroyDataKeys,
  newMasterKey,
  parseMasterKey,
  SecretUnavailableError,
  type Db,
} from '@app/platform';
import { allProjections, rebuild } from '@app/query';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

/**
 * Shredding: deleting a secret (a name removed from its section, a value replaced, an endpoint
 * deleted) destroys its data key in the same transaction as the events. The ciphertext stays in the
 * log and can never be read again; the read models hold masks only, so a rebuild from the log works.
 */
const ann = 'ann@example.com';
const box = createSecretBox(parseMasterKey(newMasterKey()));
const values = {
  doomed: 'doomed-secret-0000-DOOM',
  first: 'first-value-0000-ONE1',
  second: 'second-value-0000-TWO2',
  endpointKey: 'endpoint-key-0000-EKEY',
  urlCredential: 'url-credential-0000-UKEY',
};
const url = `https://east.example.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-02-01&api-key=${values.urlCredential}`;

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann], secrets: box });
});
afterAll(async () => {
  await p.close();
});

const db = (): Db => p.database.db;

/** The sealed values an event carries (value, key, urlSecret), as the log holds them. */
const sealedIn = (e: RecordedEvent): SealedSecret[] => {
  const data = e.data as Record<string, unknown>;
  return ['value', 'key', 'urlSecret'].flatMap((f) => {
    const parsed = SealedSecret.safeParse(data[f]);
    return parsed.success ? [parsed.data] : [];
  });
};

const eventOf = async (type: string, name?: string): Promise<RecordedEvent> => {
  const found = (await p.events()).filter(
    (e) => e.type === type && (name === undefined || (e.data as { name?: string }).name === name),
  );
  const last = found[found.length - 1];
  if (!last) throw new Error(`no ${type} event`);
  return last;
};

/** Why a sealed value cannot be opened, or 'opened'. */
const openOutcome = async (sealed: SealedSecret): Promise<string> => {
  try {
    await box.keyring(db()).open(sealed);
    return 'opened';
  } catch (e) {
    return e instanceof SecretUnavailableError ? e.reason : `unexpected: ${String(e)}`;
  }
};

const dataKeyRow = (sealed: SealedSecret) =>
  db()
    .selectFrom('data_keys')
    .selectAll()
    .where('id', '=', sealed.version === 2 ? sealed.dataKeyId : '')
    .executeTakeFirstOrThrow();

const logHolds = async (text: string): Promise<boolean> => {
  const r = await sql<{
    n: string;
  }>`select count(*)::text as n from events where data::text like ${`%${text}%`}`.execute(db());
  return r.rows[0]?.n !== '0';
};

describe('shredding: a deleted secret can never be decrypted again', () => {
  it('given a saved application secret, when it is removed from its section, then its data key is destroyed and its ciphertext in the log no longer opens', async () => {
    expect(
      (
        await p.save(ann, [
          { type: 'applicationSecrets', data: { DOOMED: values.doomed, KEPT: values.first } },
        ])
      ).status,
    ).toBe(200);
    const [sealed] = sealedIn(await eventOf('ApplicationSecretAdded', 'DOOMED'));
    expect(await openOutcome(sealed!)).toBe('opened');
    expect(await dataKeyRow(sealed!)).toMatchObject({ destroyed_at: null });

    const loaded = await p.configsNow(ann);
    const { DOOMED: _gone, ...kept } = loaded.data.applicationSecrets;
    expect((await p.save(ann, [{ type: 'applicationSecrets', data: kept }])).status).toBe(200);

    const row = await dataKeyRow(sealed!);
    expect(row.wrapped_key).toBeNull();
    expect(row.destroyed_at).toBeInstanceOf(Date);
    expect(await logHolds(sealed!.ciphertext)).toBe(true);
    expect(await openOutcome(sealed!)).toBe('shredded');
  });

  it('given a saved value, when it is replaced by a new value, then the old data key is destroyed and the new value reveals', async () => {
    const [before] = sealedIn(await eventOf('ApplicationSecretAdded', 'KEPT'));
    const { status } = await p.save(ann, [{ type: 'applicationSecrets', data: { KEPT: values.second } }]);
    expect(status).toBe(200);
    const [after] = sealedIn(await eventOf('ApplicationSecretChanged', 'KEPT'));
    expect(await openOutcome(before!)).toBe('shredded');
    expect(await openOutcome(after!)).toBe('opened');
    const revealed = await p.call(ann, 'POST', secretRoutes.reveal, {
      body: { section: 'applicationSecrets', key: 'KEPT' },
    });
    expect(revealed.json()).toEqual({ success: true, value: values.second });
  });

  it('a masked value saved back, or the same value typed again, keeps its data key', async () => {
    const [current] = sealedIn(await eventOf('ApplicationSecretChanged', 'KEPT'));
    for (const data of [{ KEPT: maskOf('TWO2') }, { KEPT: values.second }])
      expect((await p.save(ann, [{ type: 'applicationSecrets', data }])).status).toBe(200);
    expect(await openOutcome(current!)).toBe('opened');
  });

  it('given an endpoint whose url carries a credential, when the endpoint is deleted, then its key and its sealed url are destroyed', async () => {
    const { status } = await p.save(ann, [
      {
        type: 'openaiEndpoints',
        data: { models: [{ 'gpt-4o': { endpoints: [{ url, key: values.endpointKey, isNew: true }] } }] },
      },
    ]);
    expect(status).toBe(200);
    const added = await eventOf('OpenAiEndpointAdded');
    const [key, urlSecret] = sealedIn(added);
    expect((added.data as { url: string }).url).toBe(
      'https://east.example.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-02-01&api-key=••••••••UKEY',
    );
    expect(await box.keyring(db()).open(urlSecret!)).toBe(url);

    expect((await p.save(ann, [{ type: 'openaiEndpoints', data: { models: [] } }])).status).toBe(200);
    expect(await openOutcome(key!)).toBe('shredded');
    expect(await openOutcome(urlSecret!)).toBe('shredded');
    expect(await logHolds(urlSecret!.ciphertext)).toBe(true);
  });

  it('a reveal of a value whose data key is gone answers a clear message (400, not 500) and records nothing', async () => {
    expect(
      (await p.save(ann, [{ type: 'applicationVariables', data: { LOST: 'lost-value-0000-LOST' } }])).status,
    ).toBe(200);
    const [sealed] = sealedIn(await eventOf('ApplicationVariableAdded', 'LOST'));
    await destroyDataKeys(db(), [sealed!]);
    const reveals = async () =>
      (await p.events()).filter((e) => e.streamId === secretRevealsStreamId('applicationVariables')).length;
    const before = await reveals();

    const res = await p.call(ann, 'POST', secretRoutes.reveal, {
      body: { section: 'applicationVariables', key: 'LOST' },
    });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: platformMessages.secretShredded(sectionLabels.applicationVariables, 'LOST'),
    });
    expect(await reveals()).toBe(before);
  });

  it('a rebuild of the read models from the log needs no plaintext: the same masks come back', async () => {
    await p.settle();
    const snapshot = async () => ({
      secrets: await db()
        .selectFrom('rm_application_secrets')
        .select(['name', 'last4'])
        .orderBy('name')
        .execute(),
      variables: await db()
        .selectFrom('rm_application_variables')
        .select(['name', 'last4'])
        .orderBy('name')
        .execute(),
      endpoints: await db().selectFrom('rm_openai_endpoints').select(['model', 'url', 'last4']).execute(),
    });
    const before = await snapshot();
    const names = ['applicationSecrets', 'applicationVariables', 'openaiEndpoints'];
    for (const projection of allProjections.filter((x) => names.includes(x.name)))
      await rebuild(db(), projection);
    expect(await snapshot()).toEqual(before);
    expect(before.secrets).toEqual([{ name: 'KEPT', last4: 'TWO2' }]);
  });

  it('no plain value is in the log, and every destroyed data key row holds no key', async () => {
    for (const value of Object.values(values)) expect(await logHolds(value)).toBe(false);
    const destroyed = await db()
      .selectFrom('data_keys')
      .selectAll()
      .where('destroyed_at', 'is not', null)
      .execute();
    expect(destroyed.length).toBeGreaterThanOrEqual(5);
    expect(destroyed.every((r) => r.wrapped_key === null)).toBe(true);
  });
});
