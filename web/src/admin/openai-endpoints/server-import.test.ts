import { describe, expect, it } from 'vitest';
import { adminMessages, defaultModel } from '@app/contracts';
import { importServerModels, rowsOf, type ServerModelRow } from './server-import';

const server = { chatUrl: 'http://127.0.0.1:8000/v1/chat/completions', key: '' };
const row = (id: string, m: Partial<ServerModelRow> = {}): ServerModelRow => ({
  id,
  picked: true,
  inputContextWindow: '8000',
  outputTokenLimit: '2000',
  inputTokenCost: '0.001',
  outputTokenCost: '0.002',
  ...m,
});

describe('the rows of a listing', () => {
  it('starts unticked, with the context window the server gave', () => {
    expect(rowsOf([{ id: 'llama', contextWindow: 8192 }, { id: 'qwen' }])).toEqual([
      row('llama', {
        picked: false,
        inputContextWindow: '8192',
        outputTokenLimit: '',
        inputTokenCost: '',
        outputTokenCost: '',
      }),
      row('qwen', {
        picked: false,
        inputContextWindow: '',
        outputTokenLimit: '',
        inputTokenCost: '',
        outputTokenCost: '',
      }),
    ]);
  });
});

describe('importServerModels', () => {
  it('Given two ticked models, Then each is a supported, available OpenAI-compatible model with an endpoint at the server', () => {
    const result = importServerModels([], {}, server, [
      row('llama'),
      row('qwen'),
      row('skip', { picked: false }),
    ]);
    if (!result.ok) throw new Error(result.message);
    expect(result.added).toEqual(['llama', 'qwen']);
    expect(result.endpoints).toEqual([
      { name: 'llama', endpoints: [{ url: server.chatUrl, key: '', isNew: true }] },
      { name: 'qwen', endpoints: [{ url: server.chatUrl, key: '', isNew: true }] },
    ]);
    expect(result.supported['llama']).toEqual({
      ...defaultModel(),
      id: 'llama',
      name: 'llama',
      provider: 'OpenAI-compatible',
      isAvailable: true,
      supportsSystemPrompts: true,
      inputContextWindow: 8000,
      outputTokenLimit: 2000,
      inputTokenCost: 0.001,
      outputTokenCost: 0.002,
    });
    expect(Object.keys(result.supported)).toEqual(['llama', 'qwen']);
  });

  it('Given a ticked model without its window or limit, Then the form’s message', () => {
    expect(importServerModels([], {}, server, [row('llama', { outputTokenLimit: '' })])).toEqual({
      ok: false,
      message: adminMessages.modelRequiredFields,
    });
    expect(importServerModels([], {}, server, [row('llama', { inputTokenCost: '-1' })])).toEqual({
      ok: false,
      message: adminMessages.modelRequiredFields,
    });
  });

  it('Given a model listed already, Then its entries are kept and the endpoint is added to its entry once', () => {
    const mine = { ...defaultModel(), id: 'llama', name: 'My Llama', provider: 'vLLM' };
    const saved = { name: 'llama', endpoints: [{ url: 'http://10.0.0.1/v1/chat/completions', key: '' }] };
    const result = importServerModels([saved], { llama: mine }, server, [
      row('llama', { outputTokenLimit: '' }),
    ]);
    if (!result.ok) throw new Error(result.message);
    expect(result.supported).toEqual({ llama: mine });
    expect(result.endpoints).toEqual([
      { ...saved, endpoints: [...saved.endpoints, { url: server.chatUrl, key: '', isNew: true }] },
    ]);
    const again = importServerModels(result.endpoints, result.supported, server, [row('llama')]);
    expect(again.ok && again.endpoints).toEqual(result.endpoints);
  });

  it("Given a model the tab's rules refuse ('modelid'), Then their message", () => {
    expect(importServerModels([], {}, server, [row('modelid')])).toEqual({
      ok: false,
      message: adminMessages.openAiDefaultModelName,
    });
  });
});
