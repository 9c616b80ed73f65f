import { z } from 'zod';
import { ChatMessage, sealedTextPurposes, type ChatEvent, type SealedText } from '@app/contracts';
import { openSealedTextUnlessShredded, type Db } from '@app/platform';

type Ended = Extract<ChatEvent, { type: 'ChatCompleted' | 'ChatStopped' | 'ChatFailed' }>;
type Requested = Extract<ChatEvent, { type: 'ChatRequested' }>;

const KeptMessages = z.array(ChatMessage);

/** A sealed text that opened but is not what it was sealed as: folding it again cannot succeed. */
export class SealedTextMismatch extends Error {
  constructor(what: string) {
    super(`The sealed ${what} is not what it was sealed as`);
    this.name = 'SealedTextMismatch';
  }
}

const opened = (trx: Db, sealed: SealedText, purpose: string) =>
  openSealedTextUnlessShredded(trx, sealed, purpose);

/**
 * A cloud request's kept messages: opened from `sealedMessages` (platform `conversation-keys.ts`),
 * none once shredded (its conversation was deleted, so nothing of it is shown anyway), or in clear
 * in events from before sealing. A key this process cannot unwrap throws (the event waits, set aside).
 */
export const requestMessagesOf = async (
  trx: Db,
  data: Requested['data'],
): Promise<readonly ChatMessage[] | undefined> => {
  if (data.sealedMessages === undefined) return data.messages;
  const json = await opened(trx, data.sealedMessages, sealedTextPurposes.chatMessages(data.requestId));
  if (json === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new SealedTextMismatch('messages');
  }
  const parsed = KeptMessages.safeParse(value);
  if (!parsed.success) throw new SealedTextMismatch('messages');
  return parsed.data;
};

/** A cloud request's answer, the same way: opened, none once shredded, or in clear from before. */
export const answerOf = async (trx: Db, data: Ended['data']): Promise<string | undefined> => {
  if (data.sealedAnswer === undefined) return data.answer;
  return (await opened(trx, data.sealedAnswer, sealedTextPurposes.chatAnswer(data.requestId))) ?? undefined;
};
