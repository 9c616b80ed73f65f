import { describe, expect, it } from 'vitest';
import {
  adminMessages,
  platformMessages,
  type OpenAiEndpointsEvent,
  type SealedSecret,
} from '@app/contracts';
import { normaliseOpenAiModels, type SealedModelInput } from '../../src/configurations/openai-endpoint-rules';
import { openaiEndpointsDecider } from '../../src/configurations/openai-endpoints';
import { DeciderSpecification } from './decider-spec';
import { sealed } from './sealed-fixtures';

const given = DeciderSpecification.for(openaiEndpointsDecider);

type E = OpenAiEndpointsEvent;
const modelAdded = (model: string): E => ({ type: 'OpenAiModelAdded', data: { model } });
const modelRemoved = (model: string): E => ({ type: 'OpenAiModelRemoved', data: { model } });
const endpointAdded = (model: string, url: string, key: SealedSecret): E => ({
  type: 'OpenAiEndpointAdded',
  data: { model, url, key },
});
const endpointRemoved = (model: string, url: string, key: SealedSecret): E => ({
  type: 'OpenAiEndpointRemoved',
  data: { model, url, keyFingerprint: key.fingerprint },
});
const save = (models: SealedModelInput[]) => ({ type: 'UpdateOpenAiEndpoints' as const, data: { models } });
const model = (name: string, ...endpoints: [string, SealedSecret | null][]): SealedModelInput => ({
  name,
  endpoints: endpoints.map(([url, key]) => ({ url, key })),
});

const east = 'https://east.example.com/openai/deployments/gpt-4o/chat/completions';
const west = 'https://west.example.com/openai/deployments/gpt-4o/chat/completions';
const k1 = sealed('fp-1', 'k001');
const k2 = sealed('fp-2', 'k002');

describe('OpenAi endpoints decider: models and endpoints', () => {
  it('a new model with endpoints: the model, then each endpoint with its sealed key', () => {
    given([])
      .when(save([model('gpt-4o', [east, k1], [west, k2])]))
      .then([modelAdded('gpt-4o'), endpointAdded('gpt-4o', east, k1), endpointAdded('gpt-4o', west, k2)]);
  });

  it('an endpoint added to an existing model', () => {
    given([modelAdded('gpt-4o'), endpointAdded('gpt-4o', east, k1)])
      .when(save([model('gpt-4o', [east, k1], [west, k2])]))
      .then([endpointAdded('gpt-4o', west, k2)]);
  });

  it('the selected endpoints deleted', () => {
    given([modelAdded('gpt-4o'), endpointAdded('gpt-4o', east, k1), endpointAdded('gpt-4o', west, k2)])
      .when(save([model('gpt-4o', [west, k2])]))
      .then([endpointRemoved('gpt-4o', east, k1)]);
  });

  it('a new key on the same url: the old endpoint removed, the new one added', () => {
    given([modelAdded('gpt-4o'), endpointAdded('gpt-4o', east, k1)])
      .when(save([model('gpt-4o', [east, k2])]))
      .then([endpointRemoved('gpt-4o', east, k1), endpointAdded('gpt-4o', east, k2)]);
  });

  it('an unchanged section (keys sealed anew, same fingerprints): nothing is appended', () => {
    given([modelAdded('gpt-4o'), endpointAdded('gpt-4o', east, k1)])
      .when(save([model('gpt-4o', [east, { ...k1, iv: 'fresh', ciphertext: 'fresh' }])]))
      .then([]);
  });

  it('a model missing from the save is removed with its endpoints', () => {
    given([
      modelAdded('gpt-4o'),
      endpointAdded('gpt-4o', east, k1),
      modelAdded('o1'),
      endpointAdded('o1', west, k2),
    ])
      .when(save([model('o1', [west, k2])]))
      .then([endpointRemoved('gpt-4o', east, k1), modelRemoved('gpt-4o')]);
  });

  it('the same url and key listed twice in a model is one endpoint', () => {
    given([])
      .when(save([model('gpt-4o', [east, k1], [` ${east} `, k1])]))
      .then([modelAdded('gpt-4o'), endpointAdded('gpt-4o', east, k1)]);
  });

  it('a model renamed (it had no endpoints in the dialog; here: a new name with the same endpoints)', () => {
    given([modelAdded('gpt4'), endpointAdded('gpt4', east, k1)])
      .when(save([model('gpt-4o', [east, k1])]))
      .then([
        endpointRemoved('gpt4', east, k1),
        modelRemoved('gpt4'),
        modelAdded('gpt-4o'),
        endpointAdded('gpt-4o', east, k1),
      ]);
  });

  it('names are trimmed', () => {
    given([modelAdded('gpt-4o'), endpointAdded('gpt-4o', east, k1)])
      .when(save([model('  gpt-4o ', [east, k1])]))
      .then([]);
  });
});

describe('OpenAi endpoints decider: the save rules of spec 5', () => {
  it('endpoints with an empty url are dropped', () => {
    given([])
      .when(save([model('gpt-4o', ['', k1], ['   ', k2], ['', null], [east, k2])]))
      .then([modelAdded('gpt-4o'), endpointAdded('gpt-4o', east, k2)]);
  });

  it('a model left without endpoints is removed', () => {
    given([modelAdded('gpt-4o'), endpointAdded('gpt-4o', east, k1)])
      .when(save([model('gpt-4o', ['', null])]))
      .then([endpointRemoved('gpt-4o', east, k1), modelRemoved('gpt-4o')]);
  });

  it("...with the note 'Removed <model> (no endpoints configured)'", () => {
    const { notes } = normaliseOpenAiModels([
      model('gpt-4o', ['', k1]),
      model('o1'),
      model('kept', [east, k1]),
    ]);
    expect(notes).toEqual([
      'Removed gpt-4o (no endpoints configured)',
      'Removed o1 (no endpoints configured)',
    ]);
    expect(adminMessages.openAiModelRemoved('gpt-4o')).toBe('Removed gpt-4o (no endpoints configured)');
  });

  it('a new model without endpoints is not saved', () => {
    given([])
      .when(save([model('gpt-4o')]))
      .then([]);
  });

  it("the default name 'modelid' is refused for a model with endpoints, word for word", () => {
    given([])
      .when(save([model('modelid', [east, k1])]))
      .thenThrows("Please change the model name from the default 'modelid' before adding endpoints");
  });

  it("a 'modelid' model still without endpoints is simply dropped", () => {
    given([])
      .when(save([model('modelid', ['', null])]))
      .then([]);
  });

  it('model names must be unique, word for word', () => {
    given([])
      .when(save([model('gpt-4o', [east, k1]), model('gpt-4o', [west, k2])]))
      .thenThrows("Model name 'gpt-4o' already exists. Please choose a unique name");
  });

  it('names equal after trimming are the same name', () => {
    given([modelAdded('gpt-4o'), endpointAdded('gpt-4o', east, k1)])
      .when(save([model('gpt-4o', [east, k1]), model(' gpt-4o', [west, k2])]))
      .thenThrows(adminMessages.openAiModelNameExists('gpt-4o'));
  });

  it('a model with endpoints needs a name', () => {
    given([])
      .when(save([model(' ', [east, k1])]))
      .thenThrows(platformMessages.openAiModelNameRequired);
  });

  it.each([
    'ftp://example.com/x',
    'example.com/no-scheme',
    'https://user:pw@example.com/x',
    'javascript:alert(1)',
  ])('a url that is not http(s) without credentials is refused: %s', (url) => {
    const shown = url.startsWith('https://user') ? 'https://example.com/x' : url;
    given([])
      .when(save([model('gpt-4o', [url, k1])]))
      .thenThrows(platformMessages.invalidEndpointUrl('gpt-4o', shown));
  });
});

describe('OpenAi endpoints decider: urls with credentials (masked, the whole url sealed)', () => {
  const masked = `${east}?api-key=••••••••AAAA`;
  const u1 = sealed('url-fp-1', 'AAAA');
  const u2 = sealed('url-fp-2', 'AAAA');
  const withSecret = (urlSecret: SealedSecret): SealedModelInput => ({
    name: 'gpt-4o',
    endpoints: [{ url: masked, urlSecret, key: k1 }],
  });
  const added = (urlSecret: SealedSecret): E => ({
    type: 'OpenAiEndpointAdded',
    data: { model: 'gpt-4o', url: masked, key: k1, urlSecret },
  });
  const removed = (urlSecret: SealedSecret): E => ({
    type: 'OpenAiEndpointRemoved',
    data: {
      model: 'gpt-4o',
      url: masked,
      keyFingerprint: k1.fingerprint,
      urlFingerprint: urlSecret.fingerprint,
    },
  });

  it('the endpoint is added with its masked url and the sealed url', () => {
    given([])
      .when(save([withSecret(u1)]))
      .then([modelAdded('gpt-4o'), added(u1)]);
  });

  it('the same masked url with the same sealed url changes nothing', () => {
    given([modelAdded('gpt-4o'), added(u1)])
      .when(save([withSecret(u1)]))
      .then([]);
  });

  it('another credential behind the same mask is another endpoint: the old one removed by its url fingerprint', () => {
    given([modelAdded('gpt-4o'), added(u1)])
      .when(save([withSecret(u2)]))
      .then([removed(u1), added(u2)]);
  });

  it('a removal names the url fingerprint, so the one with the other credential stays', () => {
    const state = [modelAdded('gpt-4o'), added(u1), added(u2), removed(u1)].reduce(
      openaiEndpointsDecider.evolve,
      openaiEndpointsDecider.initialState(),
    );
    expect(state).toEqual([{ name: 'gpt-4o', endpoints: [{ url: masked, urlSecret: u2, key: k1 }] }]);
  });
});

describe('OpenAi endpoints decider: the key rule (keyless servers on allowed loopback or private addresses)', () => {
  const local = 'http://127.0.0.1:11434/v1/embeddings';
  const keyless = (name: string, url: string, keyOptional: boolean): SealedModelInput => ({
    name,
    endpoints: [{ url, key: null, keyOptional }],
  });
  const keylessAdded = (m: string, url: string): E => ({
    type: 'OpenAiEndpointAdded',
    data: { model: m, url },
  });
  const keylessRemoved = (m: string, url: string): E => ({
    type: 'OpenAiEndpointRemoved',
    data: { model: m, url, keyFingerprint: '' },
  });

  it('an endpoint without key where a keyless server may be is saved without a key', () => {
    given([])
      .when(save([keyless('nomic-embed-text', local, true)]))
      .then([modelAdded('nomic-embed-text'), keylessAdded('nomic-embed-text', local)]);
  });

  it('an endpoint without key elsewhere is refused, naming the endpoint and what would allow it', () => {
    given([])
      .when(save([keyless('gpt-4o', east, false)]))
      .thenThrows(platformMessages.endpointKeyRequired('gpt-4o', east));
  });

  it('the refusal says a key is needed and where none is', () => {
    expect(platformMessages.endpointKeyRequired('gpt-4o', east)).toMatch(/needs a key/);
    expect(platformMessages.endpointKeyRequired('gpt-4o', east)).toMatch(/OUTBOUND_ALLOW/);
  });

  it('without the route saying so (no keyOptional), a missing key is refused', () => {
    given([])
      .when(save([model('gpt-4o', [local, null])]))
      .thenThrows(platformMessages.endpointKeyRequired('gpt-4o', local));
  });

  it('a keyless url that is not http(s) is refused as an invalid url, not as a missing key', () => {
    given([])
      .when(save([keyless('m', 'ftp://127.0.0.1/x', true)]))
      .thenThrows(platformMessages.invalidEndpointUrl('m', 'ftp://127.0.0.1/x'));
  });

  it('the same keyless endpoint saved again changes nothing', () => {
    given([modelAdded('m'), keylessAdded('m', local)])
      .when(save([keyless('m', local, true)]))
      .then([]);
  });

  it('a key given to a keyless endpoint: the keyless one removed, the keyed one added', () => {
    given([modelAdded('m'), keylessAdded('m', local)])
      .when(save([model('m', [local, k1])]))
      .then([keylessRemoved('m', local), endpointAdded('m', local, k1)]);
  });

  it('a keyless endpoint beside a keyed one on the same url are two endpoints', () => {
    given([modelAdded('m'), endpointAdded('m', local, k1)])
      .when(
        save([
          {
            name: 'm',
            endpoints: [
              { url: local, key: k1 },
              { url: local, key: null, keyOptional: true },
            ],
          },
        ]),
      )
      .then([keylessAdded('m', local)]);
  });
});
