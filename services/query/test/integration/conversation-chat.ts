import { randomUUID } from 'node:crypto';
import { chatStreamId, type ChatEvent, type ConversationStorage, type EventMetadata } from '@app/contracts';
import { appendToStream, type Db } from '@app/platform';

/** What POST /api/chat records (helper H1's relay): the user is the actor of every event. */
export const userMetadata = (email: string): EventMetadata => {
  const id = randomUUID();
  return {
    actor: { email, kind: 'user' },
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};

export interface ChatTurn {
  conversationId?: string;
  storage: ConversationStorage;
  message: string;
  answer?: string;
  cost: number;
  end?: 'ChatCompleted' | 'ChatStopped' | 'ChatFailed';
  requestId?: string;
  /** The request it follows (`options.parentRequestId`); absent: not named. */
  parentRequestId?: string | null;
}

/** Appends a chat request's ChatRequested (answers its requestId and position). */
export const requestChat = async (db: Db, email: string, turn: ChatTurn) => {
  const requestId = turn.requestId ?? randomUUID();
  const cloud = turn.storage === 'future-cloud';
  const requested: ChatEvent = {
    type: 'ChatRequested',
    data: {
      requestId,
      model: 'gpt-4o',
      ...(turn.conversationId === undefined ? {} : { conversationId: turn.conversationId }),
      ...(turn.parentRequestId === undefined ? {} : { parentRequestId: turn.parentRequestId }),
      accountId: 'default',
      maxTokens: 1000,
      reserved: 0.5,
      messageCount: 1,
      storage: turn.storage,
      ...(cloud ? { messages: [{ role: 'user' as const, content: turn.message }] } : {}),
    },
  };
  const { position } = await appendToStream(db, chatStreamId(requestId), [requested], {
    expectedVersion: 'no-stream',
    metadata: userMetadata(email),
  });
  return { requestId, position };
};

/** Appends the end event of a request (its usage, and for a cloud one the answer). */
export const endChat = async (db: Db, email: string, requestId: string, turn: ChatTurn) => {
  const cloud = turn.storage === 'future-cloud';
  const ended = {
    requestId,
    usage: { inputTokens: 10, outputTokens: 20, cachedTokens: 0, cost: turn.cost },
    durationMs: 5,
    ...(cloud && turn.answer !== undefined ? { answer: turn.answer } : {}),
  };
  const end: ChatEvent =
    turn.end === 'ChatFailed'
      ? { type: 'ChatFailed', data: { ...ended, message: 'the model failed' } }
      : { type: turn.end ?? 'ChatCompleted', data: ended };
  const { position } = await appendToStream(db, chatStreamId(requestId), [end], {
    expectedVersion: 'any',
    metadata: userMetadata(email),
  });
  return position;
};

/** A whole chat request: requested, then ended. Answers the position of its last event. */
export const chat = async (db: Db, email: string, turn: ChatTurn): Promise<string> => {
  const { requestId } = await requestChat(db, email, turn);
  return endChat(db, email, requestId, turn);
};
