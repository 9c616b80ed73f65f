import { describe, it } from 'vitest';
import type { ConversationImportedData } from '@app/contracts';
import { conversationDecider } from '../../src/conversations/conversation-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(conversationDecider);
const imported: ConversationImportedData = {
  conversationId: 'c-new',
  createdAt: '2026-11-26T10:00:00.000Z',
  turns: [
    {
      requestId: 'q1',
      parentRequestId: null,
      chosen: false,
      model: 'gpt-4o',
      assistantId: null,
      at: '2026-11-26T10:00:00.000Z',
      tokensIn: 1,
      tokensOut: 2,
      cost: 0.01,
    },
  ],
  sealedText: { v: 1, dataKeyId: 'k', iv: 'iv', tag: 'tag', ciphertext: 'x' },
};

describe('conversation decider: import', () => {
  it('given a new conversation stream, when a conversation is imported, then ConversationImported with its tree', () => {
    given([])
      .when({ type: 'ImportConversation', data: imported })
      .then([{ type: 'ConversationImported', data: imported }]);
  });
});
