import { describe, expect, it } from 'vitest';
import { adminMessages, maskOf, type OpenAiEndpointsSection } from '@app/contracts';
import { endpointsToTest, testRequest, unreachableOutcome } from './test-plan';

describe('endpointsToTest', () => {
  it('tests only the new endpoints a save keeps, keyless ones too', () => {
    const section: OpenAiEndpointsSection = {
      models: [
        {
          ' gpt-4o ': {
            endpoints: [
              { url: 'https://saved.example.com', key: maskOf('abcd') },
              { url: ' https://new.example.com/v1/chat/completions ', key: 'sk-1', isNew: true },
              { url: '', key: 'sk-2', isNew: true },
              { url: 'https://nokey.example.com', key: '', isNew: true },
            ],
          },
        },
        { 'text-embedding-3': { endpoints: [{ url: 'https://e.example.com', key: 'sk-3', isNew: true }] } },
      ],
    };
    expect(endpointsToTest(section)).toEqual([
      { model: 'gpt-4o', url: 'https://new.example.com/v1/chat/completions', key: 'sk-1' },
      { model: 'gpt-4o', url: 'https://nokey.example.com', key: '' },
      { model: 'text-embedding-3', url: 'https://e.example.com', key: 'sk-3' },
    ]);
  });

  it('has nothing to test without new endpoints', () => {
    expect(
      endpointsToTest({ models: [{ m: { endpoints: [{ url: 'https://x', key: maskOf('') }] } }] }),
    ).toEqual([]);
  });
});

describe('requests and outcomes', () => {
  const test = { model: 'gpt-4o', url: 'https://user:pw@x.example.com/v1?k=1', key: 'sk' };

  it('asks the server to test the url and key for the model', () => {
    expect(testRequest(test)).toEqual({ url: test.url, key: 'sk', model: 'gpt-4o' });
  });

  it('a keyless endpoint is tested without a key', () => {
    expect(testRequest({ ...test, key: '' })).toEqual({ url: test.url, model: 'gpt-4o' });
  });

  it('a test that could not be run fails with the spec words, the url shown without credentials', () => {
    expect(unreachableOutcome(test, 'Network Error calling testEndpoint')).toEqual({
      model: 'gpt-4o',
      url: test.url,
      success: false,
      message: adminMessages.endpointTestFailed('https://x.example.com/v1'),
      reason: 'Network Error calling testEndpoint',
    });
  });
});
