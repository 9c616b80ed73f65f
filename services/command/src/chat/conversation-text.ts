import { sealedTextPurposes, type ChatMessage, type SealedText } from '@app/contracts';
import { sealerForConversation, type Db, type TextSealer } from '@app/platform';

/**
 * A cloud conversation's text in the chat events, sealed under the conversation's data key
 * (platform `secrets/conversation-keys.ts`; shredded when the conversation is deleted): the request's
 * kept messages in ChatRequested, its answer in the end event. A local conversation's text, or a
 * request in no conversation, goes into no event.
 */
export interface ConversationText {
  /** The kept messages, sealed, for ChatRequested (none kept: none). */
  sealedMessages?: SealedText;
  /** Seals the answer for the end event, with the same key (held in memory for the request). */
  sealAnswer: (answer: string) => SealedText;
}

/** In `db` (the acceptance's transaction): the conversation's key is looked up once, made on first use. */
export const sealConversationText = async (
  db: Db,
  at: { owner: string; conversationId: string; requestId: string; masterKeyId: string },
  messages: readonly ChatMessage[],
): Promise<ConversationText> => {
  const sealer: TextSealer = await sealerForConversation(db, at);
  return {
    ...(messages.length > 0
      ? {
          sealedMessages: sealer.seal(
            sealedTextPurposes.chatMessages(at.requestId),
            JSON.stringify(messages),
          ),
        }
      : {}),
    sealAnswer: (answer) => sealer.seal(sealedTextPurposes.chatAnswer(at.requestId), answer),
  };
};
