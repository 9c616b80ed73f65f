import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMessages,
  applicationSecretsStreamId,
  maskOf,
  maskPrefix,
  openaiEndpointsStreamId,
  platformMessages,
  secretRevealsStreamId,
  secretRoutes,
  type RecordedEvent,
  type RevealResponse,
} from '@app/contracts';
import { createSecretBox, newMasterKey, parseMasterKey } from '@app/platform';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

const ann = 'ann@example.com';
const user = 'user@example.com';
const box = createSecretBox(parseMasterKey(newMasterKey()));

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann], secrets: box });
});
afterAll(async () => {
  await p.close();
});

const after = async (count: number): Promise<RecordedEvent[]> => (await p.events()).slice(count);
const east =
  'https://east.example.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-02-15-preview';
const west = 'https://west.example.com/v1/chat/completions';

describe('Application Secrets and Variables: saved sealed, read masked', () => {
  it('a saved secret is read back as a mask of its last 4 characters; the event holds ciphertext', async () => {
    const before = (await p.events()).length;
    const { status, body } = await p.save(ann, [
      { type: 'applicationSecrets', data: { OPENAI_API_KEY: 'sk-proj-0123456789-WXYZ', PIN: '1234' } },
      { type: 'applicationVariables', data: { API_BASE: 'https://internal.example.com/api' } },
    ]);
    expect(status).toBe(200);
    const appended = await after(before);
    expect(appended.map((e) => [e.type, (e.data as { name: string }).name])).toEqual([
      ['ApplicationSecretAdded', 'OPENAI_API_KEY'],
      ['ApplicationSecretAdded', 'PIN'],
      ['ApplicationVariableAdded', 'API_BASE'],
    ]);
    expect(JSON.stringify(appended)).not.toContain('sk-proj-0123456789-WXYZ');
    expect(JSON.stringify(appended)).not.toContain('internal.example.com');
    const { data } = await p.configs(ann, body.position);
    expect(data.applicationSecrets).toEqual({ OPENAI_API_KEY: maskOf('WXYZ'), PIN: maskPrefix });
    expect(data.applicationVariables).toEqual({ API_BASE: maskOf('/api') });
  });

  it('names come longest first', async () => {
    const loaded = await p.configsNow(ann);
    const { body } = await p.save(ann, [
      {
        type: 'applicationSecrets',
        data: { ...loaded.data.applicationSecrets, A: 'short-one', LONGEST_NAME_OF_ALL: 'x' },
      },
    ]);
    const { data } = await p.configs(ann, body.position);
    expect(Object.keys(data.applicationSecrets)).toEqual([
      'LONGEST_NAME_OF_ALL',
      'OPENAI_API_KEY',
      'PIN',
      'A',
    ]);
  });

  it('saving the masks back changes nothing: no event, same version', async () => {
    const loaded = await p.configsNow(ann);
    const before = (await p.events()).length;
    const { status, body } = await p.save(ann, [
      {
        type: 'applicationSecrets',
        version: loaded.meta['applicationSecrets']?.version,
        data: loaded.data.applicationSecrets,
      },
      { type: 'applicationVariables', data: loaded.data.applicationVariables },
    ]);
    expect(status).toBe(200);
    expect(body.data['applicationSecrets']).toEqual({
      success: true,
      version: loaded.meta['applicationSecrets']?.version,
    });
    expect(await after(before)).toEqual([]);
  });

  it('typing the same value again changes nothing either (compared by fingerprint)', async () => {
    const loaded = await p.configsNow(ann);
    const before = (await p.events()).length;
    await p.save(ann, [
      {
        type: 'applicationSecrets',
        data: { ...loaded.data.applicationSecrets, OPENAI_API_KEY: 'sk-proj-0123456789-WXYZ' },
      },
    ]);
    expect(await after(before)).toEqual([]);
  });

  it('a new value and a removed name: Changed and Removed', async () => {
    const loaded = await p.configsNow(ann);
    const before = (await p.events()).length;
    const { A: _a, LONGEST_NAME_OF_ALL: _l, ...rest } = loaded.data.applicationSecrets;
    const { status } = await p.save(ann, [{ type: 'applicationSecrets', data: { ...rest, PIN: '5678' } }]);
    expect(status).toBe(200);
    expect((await after(before)).map((e) => [e.type, (e.data as { name: string }).name])).toEqual([
      ['ApplicationSecretRemoved', 'A'],
      ['ApplicationSecretRemoved', 'LONGEST_NAME_OF_ALL'],
      ['ApplicationSecretChanged', 'PIN'],
    ]);
  });

  it('a mask that stands for no saved value is refused, nothing appended', async () => {
    const before = (await p.events()).length;
    const { status, body } = await p.save(ann, [
      { type: 'applicationSecrets', data: { NEW_ONE: maskOf('WXYZ') } },
    ]);
    expect(status).toBe(400);
    expect(body.data['applicationSecrets']?.message).toBe(
      platformMessages.maskedValueUnknown('Application Secrets', 'NEW_ONE'),
    );
    expect(await after(before)).toEqual([]);
  });

  it('the empty sections read as empty maps (the tab shows the spec message)', async () => {
    const loaded = await p.configsNow(ann);
    expect(loaded.data.applicationVariables).not.toEqual({});
    expect(adminMessages.noAppVariables).toBe('No Application Variables Retrieved');
  });
});

describe('revealing a value: its own admin request, recorded', () => {
  it('answers the plain value and records SecretRevealed on a stream of its own (the section version does not move)', async () => {
    const loaded = await p.configsNow(ann);
    const before = (await p.events()).length;
    const res = await p.call(ann, 'POST', secretRoutes.reveal, {
      body: { section: 'applicationSecrets', key: 'OPENAI_API_KEY' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<RevealResponse>()).toEqual({ success: true, value: 'sk-proj-0123456789-WXYZ' });
    const appended = await after(before);
    expect(appended.map((e) => [e.streamId, e.type, e.data])).toEqual([
      [
        secretRevealsStreamId('applicationSecrets'),
        'SecretRevealed',
        { section: 'applicationSecrets', key: 'OPENAI_API_KEY', by: ann },
      ],
    ]);
    expect(appended[0]?.metadata.actor).toEqual({ email: ann, kind: 'admin' });
    expect((await p.configsNow(ann)).meta['applicationSecrets']?.version).toBe(
      loaded.meta['applicationSecrets']?.version,
    );
  });

  it('a retry with the same Idempotency-Key answers the value again and records nothing more', async () => {
    const headers = { 'idempotency-key': 'reveal-once' };
    const body = { section: 'applicationVariables', key: 'API_BASE' };
    const first = await p.call(ann, 'POST', secretRoutes.reveal, { body, headers });
    const before = (await p.events()).length;
    const second = await p.call(ann, 'POST', secretRoutes.reveal, { body, headers });
    expect(second.json()).toEqual(first.json());
    expect(first.json<RevealResponse>().value).toBe('https://internal.example.com/api');
    expect(await after(before)).toEqual([]);
  });

  it('only admins: 401 anonymous, 403 a user; nothing recorded', async () => {
    const before = (await p.events()).length;
    const body = { section: 'applicationSecrets', key: 'OPENAI_API_KEY' };
    const anonymous = await p.call(null, 'POST', secretRoutes.reveal, { body });
    const someone = await p.call(user, 'POST', secretRoutes.reveal, { body });
    expect([anonymous.statusCode, someone.statusCode]).toEqual([401, 403]);
    expect(anonymous.body + someone.body).not.toContain('sk-proj');
    expect(await after(before)).toEqual([]);
  });

  it('a name with no saved value: 400, nothing recorded', async () => {
    const before = (await p.events()).length;
    const res = await p.call(ann, 'POST', secretRoutes.reveal, {
      body: { section: 'applicationSecrets', key: 'NOPE' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: platformMessages.noSuchSecret('Application Secrets', 'NOPE'),
    });
    expect(await after(before)).toEqual([]);
  });
});

describe('OpenAi Endpoints: keys sealed, the spec rules, the note', () => {
  it('saves models with endpoints, drops empty ones and notes the model removed', async () => {
    const before = (await p.events()).length;
    const { status, body } = await p.save(ann, [
      {
        type: 'openaiEndpoints',
        data: {
          models: [
            {
              'gpt-4o': {
                endpoints: [
                  { url: east, key: 'azure-key-east-0000-AAAA', isNew: true },
                  { url: west, key: 'azure-key-west-0000-BBBB', isNew: true },
                  { url: '', key: 'dropped-key-0000-CCCC' },
                ],
              },
            },
            { o1: { endpoints: [{ url: '', key: '' }] } },
          ],
        },
      },
    ]);
    expect(status).toBe(200);
    expect(body.data['openaiEndpoints']).toEqual({
      success: true,
      version: 3,
      notes: ['Removed o1 (no endpoints configured)'],
      message: 'Removed o1 (no endpoints configured)',
    });
    const appended = await after(before);
    expect(appended.map((e) => e.type)).toEqual([
      'OpenAiModelAdded',
      'OpenAiEndpointAdded',
      'OpenAiEndpointAdded',
    ]);
    expect(JSON.stringify(appended)).not.toMatch(/azure-key|dropped-key/);
    const { data } = await p.configs(ann, body.position);
    expect(data.openaiEndpoints).toEqual({
      models: [
        {
          'gpt-4o': {
            endpoints: [
              { url: east, key: maskOf('AAAA') },
              { url: west, key: maskOf('BBBB') },
            ],
          },
        },
      ],
    });
  });

  it('the section read back and saved as is appends nothing', async () => {
    const loaded = await p.configsNow(ann);
    const before = (await p.events()).length;
    const { status } = await p.save(ann, [
      {
        type: 'openaiEndpoints',
        version: loaded.meta['openaiEndpoints']?.version,
        data: loaded.data.openaiEndpoints,
      },
    ]);
    expect(status).toBe(200);
    expect(await after(before)).toEqual([]);
  });

  it.each([
    [
      "the default name 'modelid'",
      { models: [{ modelid: { endpoints: [{ url: west, key: 'k-0000-0000-0000' }] } }] },
      adminMessages.openAiDefaultModelName,
    ],
    [
      'a name already used',
      {
        models: [
          { 'gpt-4o': { endpoints: [{ url: east, key: maskOf('AAAA') }] } },
          { 'gpt-4o': { endpoints: [{ url: west, key: 'k-0000-0000-0000' }] } },
        ],
      },
      "Model name 'gpt-4o' already exists. Please choose a unique name",
    ],
  ])('%s is refused with the spec message, nothing appended', async (_what, data, message) => {
    const before = (await p.events()).length;
    const { status, body } = await p.save(ann, [{ type: 'openaiEndpoints', data }]);
    expect(status).toBe(400);
    expect(body.data['openaiEndpoints']).toEqual({ success: false, reason: 'invalid', message });
    expect(await after(before)).toEqual([]);
  });

  it('reveals an endpoint key by model and index', async () => {
    const res = await p.call(ann, 'POST', secretRoutes.reveal, {
      body: { section: 'openaiEndpoints', model: 'gpt-4o', index: 1 },
    });
    expect(res.json<RevealResponse>().value).toBe('azure-key-west-0000-BBBB');
    const [last] = (await p.events()).slice(-1);
    expect(last?.data).toEqual({ section: 'openaiEndpoints', key: 'gpt-4o', endpointIndex: 1, by: ann });
  });

  it('deleting every endpoint of a model removes the model', async () => {
    const before = (await p.events()).length;
    const { body } = await p.save(ann, [
      { type: 'openaiEndpoints', data: { models: [{ 'gpt-4o': { endpoints: [] } }] } },
    ]);
    expect(body.data['openaiEndpoints']?.notes).toEqual(['Removed gpt-4o (no endpoints configured)']);
    expect((await after(before)).map((e) => [e.streamId, e.type])).toEqual([
      [openaiEndpointsStreamId, 'OpenAiEndpointRemoved'],
      [openaiEndpointsStreamId, 'OpenAiEndpointRemoved'],
      [openaiEndpointsStreamId, 'OpenAiModelRemoved'],
    ]);
    expect((await p.configs(ann, body.position)).data.openaiEndpoints).toEqual({ models: [] });
  });

  it('stream ids as the section registry names them', () => {
    expect(applicationSecretsStreamId).toBe('config-applicationSecrets');
    expect(openaiEndpointsStreamId).toBe('config-openaiEndpoints');
  });
});
