import { describe, expect, it } from 'vitest';
import { maxServerModels, parseServerModels, serverModelsUrls } from './server-models';

describe('serverModelsUrls', () => {
  it.each([
    ['http://127.0.0.1:11434', 'http://127.0.0.1:11434/v1'],
    ['http://127.0.0.1:11434/', 'http://127.0.0.1:11434/v1'],
    ['http://127.0.0.1:8000/v1', 'http://127.0.0.1:8000/v1'],
    ['http://127.0.0.1:8000/v1/models', 'http://127.0.0.1:8000/v1'],
    ['https://llm.example.com/proxy/v1/chat/completions?x=1', 'https://llm.example.com/proxy/v1'],
  ])('%s → %s/models and /chat/completions', (typed, base) => {
    expect(serverModelsUrls(typed)).toEqual({
      modelsUrl: `${base}/models`,
      chatUrl: `${base}/chat/completions`,
    });
  });

  it('refuses what the platform may not call', () => {
    expect(serverModelsUrls('ftp://x')).toBeNull();
    expect(serverModelsUrls('http://user:pw@127.0.0.1')).toBeNull();
    expect(serverModelsUrls('not a url')).toBeNull();
  });
});

describe('parseServerModels', () => {
  it('reads the ids in order, each once, with the context window a server gives', () => {
    const body = {
      object: 'list',
      data: [
        { id: 'llama-3', max_model_len: 8192 },
        { id: ' qwen ' },
        { id: 'llama-3' },
        { id: '' },
        { nope: 1 },
      ],
    };
    expect(parseServerModels(body)).toEqual({
      models: [{ id: 'llama-3', contextWindow: 8192 }, { id: 'qwen' }],
      truncated: false,
    });
  });

  it('bounds the answer', () => {
    const data = Array.from({ length: maxServerModels + 5 }, (_, i) => ({ id: `m${i}` }));
    const parsed = parseServerModels({ data });
    expect(parsed?.models).toHaveLength(maxServerModels);
    expect(parsed?.truncated).toBe(true);
    expect(parseServerModels({ data: [{ id: 'x'.repeat(500) }] })?.models).toEqual([]);
  });

  it('says null for an answer of another shape', () => {
    expect(parseServerModels({ models: [] })).toBeNull();
    expect(parseServerModels('text')).toBeNull();
  });
});
