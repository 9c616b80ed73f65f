import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '@app/contracts';
import { isStandardConversation, withAssistant } from './assistant-request';

const request: ChatRequest = {
  model: 'm',
  temperature: 1,
  max_tokens: 1000,
  stream: true,
  dataSources: [],
  messages: [{ role: 'user', content: 'hi', type: 'prompt' }],
  options: { requestId: 'r1', conversationId: 'c1' },
};

describe('the chat request with an assistant', () => {
  it('the Standard Conversation sends the request as it is', () => {
    expect(isStandardConversation('chat')).toBe(true);
    expect(withAssistant(request, 'chat', 8000)).toBe(request);
    expect(withAssistant(request, null, 8000)).toBe(request);
  });

  it('an assistant: its id, temperature 0.7, max tokens half the output limit', () => {
    expect(withAssistant(request, 'astp/abc', 8000)).toEqual({
      ...request,
      temperature: 0.7,
      max_tokens: 4000,
      options: { requestId: 'r1', conversationId: 'c1', assistantId: 'astp/abc' },
    });
  });

  it('2000 max tokens when the model gives no output limit', () => {
    expect(withAssistant(request, 'astgp/builder', undefined).max_tokens).toBe(2000);
    expect(withAssistant(request, 'astgp/builder', null).max_tokens).toBe(2000);
  });
});
