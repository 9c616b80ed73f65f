import { describe, it } from 'vitest';
import type { ConversationEvent } from '@app/contracts';
import { conversationDecider } from '../../src/conversations/conversation-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(conversationDecider);
const id = 'conv-1';
const renamed = (name: string): ConversationEvent => ({
  type: 'ConversationRenamed',
  data: { conversationId: id, name },
});
const deleted: ConversationEvent = { type: 'ConversationDeleted', data: { conversationId: id } };
const rename = (name: string) => ({
  type: 'RenameConversation' as const,
  data: { conversationId: id, name },
});
const remove = { type: 'DeleteConversation' as const, data: { conversationId: id } };

describe('conversation decider', () => {
  it('given a conversation never named, when renamed, then ConversationRenamed', () => {
    given([])
      .when(rename('Trip plans'))
      .then([renamed('Trip plans')]);
  });

  it('given a name, when renamed to another, then ConversationRenamed with the new one', () => {
    given([renamed('Trip plans')])
      .when(rename('Holiday'))
      .then([renamed('Holiday')]);
  });

  it('given a name, when renamed to the same name, then nothing', () => {
    given([renamed('Trip plans')])
      .when(rename('Trip plans'))
      .then([]);
  });

  it('when deleted, then ConversationDeleted', () => {
    given([renamed('Trip plans')])
      .when(remove)
      .then([deleted]);
  });

  it('given a deleted conversation started again, when given its old name, then it is renamed again', () => {
    given([renamed('Trip plans'), deleted])
      .when(rename('Trip plans'))
      .then([renamed('Trip plans')]);
  });
});
