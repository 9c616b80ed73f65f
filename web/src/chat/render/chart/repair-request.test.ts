import { describe, expect, it } from 'vitest';
import { ChatRequest } from '@app/contracts';
import { SseDataReader, answerStep, jsonOfAnswer, repairRequest, repairSystemPrompt } from './repair-request';

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
  it('joins data lines into events, across chunks, skipping comments and ids', () => {
    const reader = new SseDataReader();
    expect(reader.feed(': keep-alive\n\nid: 1\ndata: {"s":"answer",')).toEqual([]);
    expect(reader.feed('"d":"{"}\n\nid: 2\r\ndata: {"s":"answer","d":"}"}\r\n\r\n')).toEqual([
      '{"s":"answer","d":"{"}',
      '{"s":"answer","d":"}"}',
    ]);
    expect(reader.feed('data: a\ndata: b\n\n')).toEqual(['a\nb']);
  });

  it('takes answer chunks, notes failures, ignores the rest', () => {
    expect(answerStep('{"s":"answer","d":"{\\"a\\":1}"}')).toEqual({ kind: 'text', text: '{"a":1}' });
    expect(answerStep('{"s":"error","d":"provider down"}')).toEqual({ kind: 'failed' });
    expect(answerStep('{"s":"meta","m":"out_of_order"}')).toEqual({ kind: 'none' });
    expect(answerStep('{"s":"result","type":"end"}')).toEqual({ kind: 'none' });
    expect(answerStep('not json')).toEqual({ kind: 'none' });
  });

  it('takes the JSON out of a fence when the model wrote one', () => {
    expect(jsonOfAnswer('```json\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(jsonOfAnswer('Here you go:\n```\n{"a": 1}```')).toBe('{"a": 1}');
    expect(jsonOfAnswer('  {"a": 1}\n')).toBe('{"a": 1}');
  });
});
