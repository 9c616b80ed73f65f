import { describe, expect, it } from 'vitest';
import {
  ExternalApiDefinitionInput,
  externalApiMessages,
  parsedBody,
  type ExternalApiEvent,
  type StoredExternalApi,
} from '@app/contracts';
import { externalApisDecider, secretsOfApi } from '../../src/external-apis/external-apis-decider';
import { DeciderSpecification } from './decider-spec';

const sealed = (last4: string) => ({
  version: 2 as const,
  dataKeyId: `dk-${last4}`,
  iv: 'iv',
  tag: 'tag',
  ciphertext: 'c',
  last4,
  fingerprint: `f-${last4}`,
});

const api = (over: Partial<StoredExternalApi> = {}): StoredExternalApi => ({
  id: '0b6c0f8e-8f43-4f53-9d55-0c3f3c4f2a10',
  name: 'Weather',
  requestType: 'GET',
  url: 'https://api.example.com/weather',
  params: [],
  headers: {},
  secretHeaders: { 'X-Api-Key': sealed('aaaa') },
  body: '',
  auth: { type: 'bearer', token: sealed('bbbb') },
  description: 'The weather',
  ...over,
});
const saved = (a: StoredExternalApi): ExternalApiEvent => ({ type: 'ExternalApiSaved', data: a });

describe('external APIs decider', () => {
  const given = DeciderSpecification.for(externalApisDecider);

  it('given none, when a definition is saved, then it is recorded', () => {
    given([])
      .when({ type: 'SaveExternalApi', data: { api: api() } })
      .then([saved(api())]);
  });

  it('given a definition, when the same one is saved again, then nothing is recorded', () => {
    given([saved(api())])
      .when({ type: 'SaveExternalApi', data: { api: api() } })
      .then([]);
  });

  it('given a definition, when it is saved with another url, then the new one replaces it', () => {
    const changed = api({ url: 'https://api.example.com/v2' });
    given([saved(api())])
      .when({ type: 'SaveExternalApi', data: { api: changed } })
      .then([saved(changed)]);
  });

  it('given a definition, when it is deleted, then ExternalApiDeleted names it; a second delete is refused', () => {
    given([saved(api())])
      .when({ type: 'DeleteExternalApi', data: { id: api().id } })
      .then([{ type: 'ExternalApiDeleted', data: { id: api().id, name: 'Weather' } }]);
    given([saved(api()), { type: 'ExternalApiDeleted', data: { id: api().id, name: 'Weather' } }])
      .when({ type: 'DeleteExternalApi', data: { id: api().id } })
      .thenThrows(externalApiMessages.notFound);
  });

  it('every sealed value of a definition is listed for shredding', () => {
    expect(secretsOfApi(api()).map((s) => s.last4)).toEqual(['aaaa', 'bbbb']);
    expect(secretsOfApi(undefined)).toEqual([]);
  });
});

describe('external API definition contract', () => {
  const base = { requestType: 'POST', url: 'https://x.example.com', name: 'n', description: 'd' };

  it('requires name, url and description, each with its message', () => {
    const issues = ExternalApiDefinitionInput.safeParse({
      requestType: 'GET',
      name: '',
      url: '',
      description: ' ',
    });
    expect(issues.success).toBe(false);
    const messages = issues.error?.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        externalApiMessages.nameRequired,
        externalApiMessages.urlRequired,
        externalApiMessages.descriptionRequired,
      ]),
    );
  });

  it('takes only the five request types and the three auth types', () => {
    expect(ExternalApiDefinitionInput.safeParse({ ...base, requestType: 'HEAD' }).success).toBe(false);
    expect(ExternalApiDefinitionInput.safeParse({ ...base, auth: { type: 'oauth' } }).success).toBe(false);
    expect(ExternalApiDefinitionInput.parse(base).auth).toEqual({ type: 'none' });
  });

  it('refuses header names the platform sets itself, and malformed ones', () => {
    const messages = (headers: Record<string, string>) =>
      ExternalApiDefinitionInput.safeParse({ ...base, headers }).error?.issues.map((i) => i.message);
    expect(messages({ Host: 'x' })).toEqual([externalApiMessages.headerNotAllowed('Host')]);
    expect(messages({ 'Bad Name': 'x' })).toEqual([externalApiMessages.headerNameInvalid('Bad Name')]);
    expect(messages({ 'X-Trace': 'x' })).toBeUndefined();
  });

  it('parses the body as JSON when it is JSON, else keeps the text', () => {
    expect(parsedBody('{"a": 1}')).toEqual({ json: { a: 1 } });
    expect(parsedBody('a=1')).toEqual({ text: 'a=1' });
    expect(parsedBody('  ')).toBeUndefined();
  });
});
