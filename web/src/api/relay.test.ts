import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatMessages } from '@app/contracts';
import { z } from 'zod';
import { relayJson, relayStream } from './relay';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, statusText: string, body: string) =>
  vi.fn(() => Promise.resolve(new Response(body, { status, statusText })));

describe('the relay texts (second spec, section 8)', () => {
  it("a status other than 2xx: 'Error calling {call}: {status text}'", async () => {
    vi.stubGlobal('fetch', answer(503, 'Service Unavailable', ''));
    await expect(relayJson('getConversations', '/x', z.unknown())).rejects.toThrow(
      chatMessages.errorCalling('getConversations', 'Service Unavailable'),
    );
  });

  it("no answer: 'Network Error calling {call}'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('failed to fetch'))),
    );
    await expect(relayJson('getAccounts', '/x', z.unknown())).rejects.toThrow(
      chatMessages.networkError('getAccounts'),
    );
    await expect(relayStream('chat', '/api/chat', { method: 'POST', body: {} })).rejects.toThrow(
      chatMessages.networkError('chat'),
    );
  });

  it("an answer that is not what the call expects: 'Error parsing response from {call}'", async () => {
    vi.stubGlobal('fetch', answer(200, 'OK', '{"nope":1}'));
    await expect(relayJson('getSettings', '/x', z.object({ success: z.literal(true) }))).rejects.toThrow(
      chatMessages.parseError('getSettings'),
    );
  });
});
