import { describe, expect, it } from 'vitest';
import { buildChatRequest } from '../model/chat-request';
import type { ChatTurn } from '../model/types';

const image = (n: number) => ({
  key: `0123456789abcdef/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.png`,
  name: `p${n}.png`,
});
const history: ChatTurn[] = [
  { id: 'r1:user', role: 'user', content: 'Look at this', requestId: 'r1', at: '', images: [image(1)] },
  { id: 'r1:assistant', role: 'assistant', content: 'A square.', requestId: 'r1', at: '' },
];
const input = (supportsImages: boolean) => ({
  model: { id: 'm', supportsReasoning: false, supportsImages },
  history,
  userText: 'And this one?',
  userImages: [image(2)],
  requestId: 'r2',
  parentRequestId: 'r1',
  conversationId: 'c',
  accountId: 'default',
  reasoningLevel: 'medium' as const,
  now: new Date(0),
  timeZone: 'UTC',
});

describe('the images of a chat request', () => {
  it('Given a model that takes images, When a message follows one with an image, Then both carry theirs', () => {
    const { messages } = buildChatRequest(input(true));
    expect(messages.map((m) => m.images)).toEqual([[image(1)], undefined, [image(2)]]);
  });

  it('Given a model that takes none, When sent, Then earlier images stay home and the new message still carries its own (the server says why it refuses)', () => {
    const { messages } = buildChatRequest(input(false));
    expect(messages.map((m) => m.images)).toEqual([undefined, undefined, [image(2)]]);
  });
});
