import { describe, it } from 'vitest';
import type { ConversationEvent } from '@app/contracts';
import { conversationDecider } from '../../src/conversations/conversation-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(conversationDecider);
const id = 'conv-1';
const change = (instructions: string, temperature: number | null) => ({
  type: 'ChangeConversationSettings' as const,
  data: { conversationId: id, instructions, temperature },
});
const changed = (instructions: string, temperature: number | null): ConversationEvent => ({
  type: 'ConversationSettingsChanged',
  data: { conversationId: id, instructions, temperature },
});
const renamed: ConversationEvent = {
  type: 'ConversationRenamed',
  data: { conversationId: id, name: 'Trip' },
};

describe("conversation decider: the conversation's settings", () => {
  it('given a conversation, when its settings are saved, then ConversationSettingsChanged with them', () => {
    given([renamed])
      .when(change('Answer in French', 0.3))
      .then([changed('Answer in French', 0.3)]);
  });

  it('given saved settings, when cleared (no instructions, default temperature), then recorded as such', () => {
    given([changed('Answer in French', 0.3)])
      .when(change('', null))
      .then([changed('', null)]);
  });

  it('given saved settings, when saved again alike, then recorded again (the log shows each save)', () => {
    given([changed('Be brief', 1.5)])
      .when(change('Be brief', 1.5))
      .then([changed('Be brief', 1.5)]);
  });

  it('given saved settings, when renamed to the name it had, then nothing (settings leave the name alone)', () => {
    given([renamed, changed('Be brief', 0)])
      .when({ type: 'RenameConversation', data: { conversationId: id, name: 'Trip' } })
      .then([]);
  });
});
