import { describe, expect, it } from 'vitest';
import { ChatRequest } from '@app/contracts';
import { jsonOfAnswer, repairRequest, repairSystemPrompt } from './repair-request';

describe('the JSON repair request', () => {
  it('is a valid chat request: the system prompt first, the broken spec as the user message, streamed', () => {
    const body = repairRequest('cheap-model', '{"mark": "bar",}', 'repair-1');
    const parsed = ChatRequest.parse(body);
    expect(parsed.model).toBe('cheap-model');
    expect(parsed.stream).toBe(true);
    expect(parsed.temperature).toBe(0);
    expect(parsed.dataSources).toEqual([]);
    expect(parsed.messages).toEqual([
      { role: 'system', content: repairSystemPrompt },
      { role: 'user', content: '{"mark": "bar",}' },
    ]);
    expect(parsed.options.requestId).toBe('repair-1');
    expect(parsed.options.extras).toEqual({ skipRag: true, skipCodeInterpreter: true });
  });
});

describe('reading the answer', () => {
  it('takes the JSON out of a fence when the model wrote one', () => {
    expect(jsonOfAnswer('```json\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(jsonOfAnswer('Here you go:\n```\n{"a": 1}```')).toBe('{"a": 1}');
    expect(jsonOfAnswer('  {"a": 1}\n')).toBe('{"a": 1}');
  });
});
