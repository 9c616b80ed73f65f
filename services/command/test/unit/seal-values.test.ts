import { describe, expect, it } from 'vitest';
import { adminMessages, maskOf, maskUrlCredentials, platformMessages } from '@app/contracts';
import { createSecretBox, DomainError, memoryDataKeys, newMasterKey, parseMasterKey } from '@app/platform';
import { sealNamedValues, sealOpenAiEndpoints } from '../../src/configurations/seal-values';

const store = memoryDataKeys();
const keys = createSecretBox(parseMasterKey(newMasterKey())).keyringOn(store);
const saved = await keys.seal('saved-value-0123-wxyz');
const label = 'Application Secrets';
const k1 = await keys.seal('key-one-000000-1111');
const k2 = await keys.seal('key-two-000000-1111');

const thrown = async (f: () => Promise<unknown>): Promise<unknown> => {
  try {
    await f();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('sealing before deciding: application values', () => {
  it('a mask sent back stands for the saved value (unchanged)', async () => {
    const [entry] = await sealNamedValues(label, { TOKEN: maskOf('wxyz') }, { TOKEN: saved }, keys);
    expect(entry).toEqual({ name: 'TOKEN', value: saved });
  });

  it('anything else is a new value, sealed here under a new data key', async () => {
    const before = store.rows.size;
    const [entry] = await sealNamedValues(label, { TOKEN: 'a brand new value' }, { TOKEN: saved }, keys);
    expect(entry?.value.fingerprint).toBe(keys.fingerprint('a brand new value'));
    expect(await keys.open(entry!.value)).toBe('a brand new value');
    expect(store.rows.size).toBe(before + 1);
  });

  it('the saved value typed again is the saved value: no new data key', async () => {
    const before = store.rows.size;
    const [entry] = await sealNamedValues(label, { TOKEN: 'saved-value-0123-wxyz' }, { TOKEN: saved }, keys);
    expect(entry).toEqual({ name: 'TOKEN', value: saved });
    expect(store.rows.size).toBe(before);
  });

  it('a mask that matches no saved value (another name, an old mask) is refused', async () => {
    const e = await thrown(() => sealNamedValues(label, { OTHER: maskOf('wxyz') }, { TOKEN: saved }, keys));
    expect(e).toBeInstanceOf(DomainError);
    expect((e as Error).message).toBe(platformMessages.maskedValueUnknown(label, 'OTHER'));
    expect(
      await thrown(() => sealNamedValues(label, { TOKEN: maskOf('0000') }, { TOKEN: saved }, keys)),
    ).toBeInstanceOf(DomainError);
  });

  it('names are trimmed before their saved value is looked up', async () => {
    const [entry] = await sealNamedValues(label, { ' TOKEN ': maskOf('wxyz') }, { TOKEN: saved }, keys);
    expect(entry).toEqual({ name: 'TOKEN', value: saved });
  });
});

describe('sealing before deciding: endpoint keys', () => {
  const east = 'https://east.example.com/v1';
  const west = 'https://west.example.com/v1';
  const state = [
    {
      name: 'gpt-4o',
      endpoints: [
        { url: east, key: k1 },
        { url: west, key: k2 },
      ],
    },
  ];

  it('a masked key stands for the saved key of the same model and url (same last 4 elsewhere notwithstanding)', async () => {
    const [m] = await sealOpenAiEndpoints(
      { models: [{ 'gpt-4o': { endpoints: [{ url: west, key: maskOf('1111') }] } }] },
      state,
      keys,
    );
    expect(m?.endpoints[0]?.key).toBe(k2);
  });

  it("a masked key on an edited url stands for the model's key with that mask", async () => {
    const [m] = await sealOpenAiEndpoints(
      {
        models: [{ 'gpt-4o': { endpoints: [{ url: 'https://north.example.com/v1', key: maskOf('1111') }] } }],
      },
      state,
      keys,
    );
    expect(m?.endpoints[0]?.key).toBe(k1);
  });

  it('a new key is sealed; an empty key is null (keyOptional as `keyless` says), an empty url nothing', async () => {
    const [m] = await sealOpenAiEndpoints(
      {
        models: [
          {
            'gpt-4o': {
              endpoints: [
                { url: east, key: 'a new key', isNew: true },
                { url: east, key: '' },
                { url: '', key: maskOf('9999') },
              ],
            },
          },
        ],
      },
      state,
      keys,
    );
    expect(await keys.open(m!.endpoints[0]!.key!)).toBe('a new key');
    expect(m?.endpoints.slice(1)).toEqual([
      { url: east, key: null, keyOptional: false },
      { url: '', key: null },
    ]);
  });

  it('a masked key in a model that has no such key is refused', async () => {
    const e = await thrown(() =>
      sealOpenAiEndpoints(
        { models: [{ o1: { endpoints: [{ url: east, key: maskOf('1111') }] } }] },
        state,
        keys,
      ),
    );
    expect((e as Error).message).toBe(platformMessages.maskedKeyUnknown('o1', east));
  });

  it('the failure message of a test, and the question after it, are the spec words', () => {
    expect(adminMessages.endpointTestFailed(east)).toBe(
      `Failed to make contact with the new endpoint:\nUrl: ${east}\n\nPlease check the endpoint data and try saving changes again.`,
    );
    expect(adminMessages.endpointTestContinue).toBe('Do you want to continue applying your changes anyway?');
    expect(adminMessages.noAppSecrets).toBe('No Application Secrets Retrieved');
    expect(adminMessages.noAppVariables).toBe('No Application Variables Retrieved');
    expect(adminMessages.noOpenAiEndpoints).toBe('No OpenAi Endpoints Retrieved');
  });
});

describe('sealing before deciding: credentials in endpoint urls', () => {
  const credential = 'url-credential-0000-QKEY';
  const withKey = `https://azure.example.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-02-01&api-key=${credential}`;

  it('given a url with ?api-key=..., then it is stored masked and the whole url sealed beside it', async () => {
    const [m] = await sealOpenAiEndpoints(
      { models: [{ 'gpt-4o': { endpoints: [{ url: withKey, key: 'endpoint-key-0000-1234' }] } }] },
      [],
      keys,
    );
    const endpoint = m!.endpoints[0]!;
    expect(endpoint.url).toBe(
      'https://azure.example.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-02-01&api-key=••••••••QKEY',
    );
    expect(JSON.stringify(m)).not.toContain(credential);
    expect(await keys.open(endpoint.urlSecret!)).toBe(withKey);
  });

  it('the masked url sent back stands for the saved one; the same url typed again is the saved one', async () => {
    const urlSecret = await keys.seal(withKey);
    const key = await keys.seal('endpoint-key-0000-1234');
    const state = [{ name: 'gpt-4o', endpoints: [{ url: maskUrlCredentials(withKey), urlSecret, key }] }];
    for (const url of [maskUrlCredentials(withKey), withKey]) {
      const [m] = await sealOpenAiEndpoints(
        { models: [{ 'gpt-4o': { endpoints: [{ url, key: maskOf('1234') }] } }] },
        state,
        keys,
      );
      expect(m?.endpoints[0]).toEqual({ url: maskUrlCredentials(withKey), urlSecret, key });
    }
  });

  it('a masked url that matches no saved endpoint is refused, asking for the whole url', async () => {
    const e = await thrown(() =>
      sealOpenAiEndpoints(
        {
          models: [
            { 'gpt-4o': { endpoints: [{ url: maskUrlCredentials(withKey), key: 'k-0000-0000-0000' }] } },
          ],
        },
        [],
        keys,
      ),
    );
    expect((e as Error).message).toBe(
      platformMessages.maskedUrlUnknown(
        'gpt-4o',
        'https://azure.example.com/openai/deployments/gpt-4o/chat/completions',
      ),
    );
  });

  it('a user name and password before the host are refused, and the message does not repeat them', async () => {
    const e = await thrown(() =>
      sealOpenAiEndpoints(
        {
          models: [
            { 'gpt-4o': { endpoints: [{ url: 'https://ann:hunter2-PASS@east.example.com/v1', key: 'k' }] } },
          ],
        },
        [],
        keys,
      ),
    );
    expect(e).toBeInstanceOf(DomainError);
    expect((e as Error).message).toBe(
      platformMessages.endpointUrlUserInfo('gpt-4o', 'https://east.example.com/v1'),
    );
    expect((e as Error).message).not.toContain('hunter2');
  });
});
