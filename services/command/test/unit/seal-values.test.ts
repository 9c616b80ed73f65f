import { describe, expect, it } from 'vitest';
import { adminMessages, maskOf, platformMessages } from '@app/contracts';
import { createSecretBox, DomainError, newMasterKey, parseMasterKey } from '@app/platform';
import { sealNamedValues, sealOpenAiEndpoints } from '../../src/handling/seal-values';

const box = createSecretBox(parseMasterKey(newMasterKey()));
const saved = box.seal('saved-value-0123-wxyz');
const label = 'Application Secrets';

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('sealing before deciding: application values', () => {
  it('a mask sent back stands for the saved value (unchanged)', () => {
    const [entry] = sealNamedValues(label, { TOKEN: maskOf('wxyz') }, { TOKEN: saved }, box);
    expect(entry).toEqual({ name: 'TOKEN', value: saved });
  });

  it('anything else is a new value, sealed here', () => {
    const [entry] = sealNamedValues(label, { TOKEN: 'a brand new value' }, { TOKEN: saved }, box);
    expect(entry?.value.fingerprint).toBe(box.fingerprint('a brand new value'));
    expect(box.open(entry!.value)).toBe('a brand new value');
  });

  it('a mask that matches no saved value (another name, an old mask) is refused', () => {
    const e = thrown(() => sealNamedValues(label, { OTHER: maskOf('wxyz') }, { TOKEN: saved }, box));
    expect(e).toBeInstanceOf(DomainError);
    expect((e as Error).message).toBe(platformMessages.maskedValueUnknown(label, 'OTHER'));
    expect(() => sealNamedValues(label, { TOKEN: maskOf('0000') }, { TOKEN: saved }, box)).toThrow(
      DomainError,
    );
  });

  it('names are trimmed before their saved value is looked up', () => {
    const [entry] = sealNamedValues(label, { ' TOKEN ': maskOf('wxyz') }, { TOKEN: saved }, box);
    expect(entry).toEqual({ name: 'TOKEN', value: saved });
  });
});

describe('sealing before deciding: endpoint keys', () => {
  const east = 'https://east.example.com/v1';
  const west = 'https://west.example.com/v1';
  const k1 = box.seal('key-one-000000-1111');
  const k2 = box.seal('key-two-000000-1111');
  const state = [
    {
      name: 'gpt-4o',
      endpoints: [
        { url: east, key: k1 },
        { url: west, key: k2 },
      ],
    },
  ];

  it('a masked key stands for the saved key of the same model and url (same last 4 elsewhere notwithstanding)', () => {
    const [m] = sealOpenAiEndpoints(
      { models: [{ 'gpt-4o': { endpoints: [{ url: west, key: maskOf('1111') }] } }] },
      state,
      box,
    );
    expect(m?.endpoints[0]?.key).toBe(k2);
  });

  it("a masked key on an edited url stands for the model's key with that mask", () => {
    const [m] = sealOpenAiEndpoints(
      {
        models: [{ 'gpt-4o': { endpoints: [{ url: 'https://north.example.com/v1', key: maskOf('1111') }] } }],
      },
      state,
      box,
    );
    expect(m?.endpoints[0]?.key).toBe(k1);
  });

  it('a new key is sealed; an empty key or url becomes nothing to save', () => {
    const [m] = sealOpenAiEndpoints(
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
      box,
    );
    expect(box.open(m!.endpoints[0]!.key!)).toBe('a new key');
    expect(m?.endpoints.slice(1)).toEqual([
      { url: east, key: null },
      { url: '', key: null },
    ]);
  });

  it('a masked key in a model that has no such key is refused', () => {
    const e = thrown(() =>
      sealOpenAiEndpoints(
        { models: [{ o1: { endpoints: [{ url: east, key: maskOf('1111') }] } }] },
        state,
        box,
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
