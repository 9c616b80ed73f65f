import { z } from 'zod';
import { chatStreamId } from '@app/contracts';
import { readStream, type Db } from '@app/platform';

/** What the log recorded of a chat request when it was accepted (its ChatRequested). */
export interface ChatRequestRecord {
  requestId: string;
  /** Who asked it: the actor of its ChatRequested. */
  owner: string;
  model: string;
  conversationId?: string;
}

const RecordedRequest = z.object({
  requestId: z.string(),
  model: z.string(),
  conversationId: z.string().optional(),
});

/**
 * The request `requestId` as its stream `chat-<requestId>` opens (ChatRequested), or null when there
 * is none. Features that act on a request of the caller's (its rating, a version turned to) take its
 * owner, model and conversation from here, never from the client.
 */
export const chatRequestRecord = async (db: Db, requestId: string): Promise<ChatRequestRecord | null> => {
  const first = (await readStream(db, chatStreamId(requestId)))[0];
  if (!first || first.type !== 'ChatRequested') return null;
  const data = RecordedRequest.safeParse(first.data);
  if (!data.success || data.data.requestId !== requestId) return null;
  const { model, conversationId } = data.data;
  return {
    requestId,
    owner: first.metadata.actor.email,
    model,
    ...(conversationId === undefined ? {} : { conversationId }),
  };
};

/** The request when it is `owner`'s, else null (another's and an unknown one alike). */
export const ownChatRequest = async (
  db: Db,
  owner: string,
  requestId: string,
): Promise<ChatRequestRecord | null> => {
  const record = await chatRequestRecord(db, requestId);
  return record !== null && record.owner === owner ? record : null;
};
