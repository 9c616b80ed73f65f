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

  it('when a version is turned to, then ConversationVersionChosen naming it', () => {
    given([renamed('Trip plans')])
      .when({ type: 'ChooseVersion', data: { conversationId: id, requestId: 'req-2' } })
      .then([{ type: 'ConversationVersionChosen', data: { conversationId: id, requestId: 'req-2' } }]);
  });

  it('given a version turned to, when turned to again, then recorded again (the log shows each time)', () => {
    const chosen: ConversationEvent = {
      type: 'ConversationVersionChosen',
      data: { conversationId: id, requestId: 'req-2' },
    };
    given([chosen])
      .when({ type: 'ChooseVersion', data: { conversationId: id, requestId: 'req-2' } })
      .then([chosen]);
  });

  it('given a version turned to, when renamed to the name it had, then nothing (the name is kept)', () => {
    given([
      renamed('Trip plans'),
      { type: 'ConversationVersionChosen', data: { conversationId: id, requestId: 'req-2' } },
    ])
      .when(rename('Trip plans'))
      .then([]);
  });

  it('given a deleted conversation started again, when given its old name, then it is renamed again', () => {
    given([renamed('Trip plans'), deleted])
      .when(rename('Trip plans'))
      .then([renamed('Trip plans')]);
  });
});
