import { describe, expect, it } from 'vitest';
import { ChatRequest } from '@app/contracts';
import { buildChatRequest, conversationNameOf, type ChatRequestInput } from './chat-request';
import type { ChatTurn } from './types';

const turn = (role: ChatTurn['role'], content: string, requestId = 'r0'): ChatTurn => ({
  id: `${requestId}:${role}`,
  role,
  content,
  requestId,
  at: '2025-01-01T00:00:00.000Z',
});

const input = (over: Partial<ChatRequestInput> = {}): ChatRequestInput => ({
  model: { id: 'fast', supportsReasoning: false },
  history: [],
  userText: 'Hello?',
  requestId: 'req-1',
  parentRequestId: null,
  conversationId: 'conv-1',
  accountId: 'general_account',
  reasoningLevel: 'high',
  now: new Date('2025-02-03T04:05:06.000Z'),
  timeZone: 'Europe/Paris',
  ...over,
});

describe('the chat request', () => {
  it('has the spec defaults: temperature 1, max_tokens 1000, stream, no data sources, the options', () => {
    const request = buildChatRequest(input());
    expect(request).toEqual({
      model: 'fast',
      temperature: 1,
      max_tokens: 1000,
      stream: true,
      dataSources: [],
      messages: [{ role: 'user', content: 'Hello?', type: 'prompt' }],
      options: {
        requestId: 'req-1',
        parentRequestId: null,
        conversationId: 'conv-1',
        timeZone: 'Europe/Paris',
        time: '2025-02-03T04:05:06.000Z',
        accountId: 'general_account',
      },
    });
    expect(ChatRequest.safeParse(request).success).toBe(true);
  });

  it('sends the conversation so far, then the new message; answers without text are left out', () => {
    const history = [
      turn('user', 'One'),
      turn('assistant', 'Two'),
      turn('user', 'Three', 'r1'),
      turn('assistant', '', 'r1'),
    ];
    expect(buildChatRequest(input({ history })).messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'One'],
      ['assistant', 'Two'],
      ['user', 'Three'],
      ['user', 'Hello?'],
    ]);
  });

  it('puts the system prompt first when there is one (none by default)', () => {
    const request = buildChatRequest(input({ systemPrompt: 'Be brief.', history: [turn('user', 'One')] }));
    expect(request.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(ChatRequest.safeParse(request).success).toBe(true);
    expect(buildChatRequest(input({ systemPrompt: '  ' })).messages[0]?.role).toBe('user');
  });

  it('sends the reasoning level only for models that support reasoning', () => {
    const reasoning = buildChatRequest(input({ model: { id: 'thinker', supportsReasoning: true } }));
    expect(reasoning.options.reasoningLevel).toBe('high');
    expect(buildChatRequest(input()).options).not.toHaveProperty('reasoningLevel');
  });

  it("sends a cloud conversation's name", () => {
    expect(buildChatRequest(input({ conversationName: 'Plans' })).options.conversationName).toBe('Plans');
  });
});

describe("a new conversation's name", () => {
  it('is the start of its first message, on one line', () => {
    expect(conversationNameOf('  Plan a\ntrip   to Rome ')).toBe('Plan a trip to Rome');
    const long = conversationNameOf('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('…')).toBe(true);
  });
});
