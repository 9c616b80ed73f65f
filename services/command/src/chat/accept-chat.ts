import {
  chatMessages,
  chatStatusIds,
  chatStreamId,
  defaultAccountId,
  type ChatRequest,
  type ChatRequestedData,
  type ChatEvent,
  type ChatStatus,
  type ChatVia,
  type EventMetadata,
  type Model,
  type SealedText,
} from '@app/contracts';
import { ConcurrencyError, DomainError, inTransaction, SecretUnavailableError, type Db } from '@app/platform';
import {
  SpendLimitReached,
  UnknownAccountError,
  type SpendGuard,
  type SpendPlan,
  type SpendRequest,
} from '../spend/index';
import { chatRequestDecider, type ChatRequestState } from './chat-decider';
import { fold } from '../shared/decider';
import type { Reservation } from './reservation';
import { ChatRefusal, type ResolvedChat } from './resolve-chat';
import { sealConversationText, type ConversationText } from './conversation-text';
import { chatApiKeyOf, recordChatRateLimitRefusal } from '../api-keys/index';

/** The model's status line (`st`): in progress while it is asked, with a note after a failover. */
export const modelStatus = (model: Model, inProgress: boolean, message?: string): ChatStatus => ({
  id: chatStatusIds.model,
  summary: chatMessages.askingModel(model.name || model.id),
  type: 'model',
  inProgress,
  ...(message === undefined ? {} : { message }),
});

export interface AcceptedChat {
  inputTokens: number;
  /** The dollars reserved: the settlement never charges more. */
  reserved: number;
  accountId: string;
  /** What the spend guard is told at the end, with the actual cost. */
  spendRequest: Omit<SpendRequest, 'amount' | 'at'>;
  /** A cloud conversation's: seals the answer under its data key for the end event. */
  sealAnswer?: (answer: string) => SealedText;
  /** The request's stream as the acceptance left it: its end can be appended without reading it. */
  stream: { state: ChatRequestState; version: number };
}

/**
 * Records the request and reserves its worst case (`reservation`, reservation.ts) in one transaction:
 * the spend reservation decided on the ledgers (over a limit: a 429; an account the caller does not
 * have: a 400 naming it; nothing is kept either way), then ChatRequested (at 'no stream': a
 * reused requestId is a 409) with the model's first status and the ledgers' events, in one
 * statement. Only the last user message is kept, and only when the request is in a conversation
 * stored in the cloud: sealed under the conversation's data key (conversation-text.ts), made in this
 * transaction on its first request. Without text to seal, on the ledgers read ahead with the plan,
 * all of it is ONE statement (`reserveAtOnce`: it locks the ledgers, checks they still allow it and
 * appends); the transaction decides when that cannot be shown. `onDecided` lets the caller start
 * what needs an accepted request (its stream) while it commits: a commit that fails still throws here.
 */
export const acceptChat = async (
  db: Db,
  spend: SpendGuard,
  input: {
    request: ChatRequest;
    resolved: ResolvedChat;
    reservation: Reservation;
    actor: string;
    metadata: EventMetadata;
    /** The API the request came through (recorded in ChatRequested). */
    via?: ChatVia | undefined;
    /** The id of the master key new conversation keys are wrapped under (the SecretBox's keyId). */
    masterKeyId: string;
    /** The ledgers read ahead for this request (else read in the transaction). */
    plan?: SpendPlan | undefined;
    /** Called once the reservation is decided, before it and the request are appended and committed. */
    onDecided?: () => void;
  },
): Promise<AcceptedChat> => {
  const { request, resolved, actor, metadata } = input;
  const { model, storage } = resolved;
  const { requestId } = request.options;
  // A request made with an API key counts against the key's rate limit, on the key's account.
  const viaKey = await chatApiKeyOf(db, metadata);
  const accountId = viaKey?.accountId ?? request.options.accountId ?? defaultAccountId;
  const { inputTokens, amount: reserved } = input.reservation;
  const lastUser = request.messages.findLast((m) => m.role === 'user');
  const data: ChatRequestedData = {
    requestId,
    model: model.id,
    ...(request.options.conversationId ? { conversationId: request.options.conversationId } : {}),
    // The request it follows in its conversation, when the client named it (the conversations
    // projection keeps it only when it is a request of that conversation of the caller's).
    ...(request.options.conversationId && request.options.parentRequestId !== undefined
      ? { parentRequestId: request.options.parentRequestId }
      : {}),
    accountId,
    maxTokens: request.max_tokens,
    ...(request.options.reasoningLevel ? { reasoningLevel: request.options.reasoningLevel } : {}),
    ...(resolved.assistant ? { assistantId: resolved.assistant.assistantId } : {}),
    reserved,
    messageCount: request.messages.length,
    storage,
    ...(input.via ? { via: input.via } : {}),
  };
  const { conversationId } = request.options;
  // A cloud conversation's text is sealed under its key; a request in no conversation keeps none.
  const cloudConversation = storage === 'future-cloud' ? conversationId : undefined;
  let text: ConversationText | undefined;
  const spendRequest = { requestId, actor, accountId, metadata, ...(viaKey ? { apiKey: viaKey.spend } : {}) };
  // Called once, whichever path decides first.
  let decided = false;
  const onDecided = () => {
    if (decided) return;
    decided = true;
    input.onDecided?.();
  };
  // A new stream: decided on the empty state, appended at version 0 (a stream there already: 409),
  // in one statement with the reservation's ledgers once they decided.
  let appended: ChatEvent[] = [];
  const chatAppend = (sealedMessages: SealedText | undefined) => {
    appended = chatRequestDecider.decide(
      {
        type: 'RequestChat',
        data: sealedMessages ? { ...data, sealedMessages } : data,
        status: modelStatus(model, true),
      },
      chatRequestDecider.initialState(),
    );
    return { streamId: chatStreamId(requestId), events: appended, expectedVersion: 0 };
  };
  try {
    // On the ledgers read ahead, in one statement (nothing to seal first): see SpendGuard.reserveAtOnce.
    const atOnce =
      !cloudConversation && input.plan?.ahead && spend.reserveAtOnce
        ? await spend.reserveAtOnce(
            db,
            { ...spendRequest, amount: reserved, at: new Date() },
            { plan: input.plan, alongside: [chatAppend(undefined)], onDecided },
          )
        : false;
    if (!atOnce)
      await inTransaction(db, async (trx) => {
        const owner = metadata.actor.email;
        text = cloudConversation
          ? await sealConversationText(
              trx,
              { owner, conversationId: cloudConversation, requestId, masterKeyId: input.masterKeyId },
              lastUser ? [lastUser] : [],
            )
          : undefined;
        try {
          await spend.reserve(
            trx,
            { ...spendRequest, amount: reserved, at: new Date() },
            {
              ...(input.plan ? { plan: input.plan } : {}),
              alongside: [chatAppend(text?.sealedMessages)],
              onDecided,
            },
          );
        } catch (e) {
          if (e instanceof UnknownAccountError) throw new ChatRefusal(e.message, 400);
          // The user's ledger knows the id (a request of theirs): the same 409 as a stream there already.
          if (e instanceof SpendLimitReached) throw new ChatRefusal(e.message, 429, e.resetsAt);
          if (e instanceof DomainError)
            throw new ChatRefusal(e.message, e.message === chatMessages.requestIdInUse ? 409 : 429);
          throw e;
        }
      });
  } catch (e) {
    if (e instanceof ChatRefusal && e.statusCode === 429 && viaKey)
      await recordChatRateLimitRefusal(db, viaKey, e.message, metadata).catch(() => false);
    if (e instanceof ChatRefusal || e instanceof SecretUnavailableError) throw e;
    if ((e instanceof ConcurrencyError && e.streamId === chatStreamId(requestId)) || e instanceof DomainError)
      throw new ChatRefusal(chatMessages.requestIdInUse, 409);
    throw e;
  }
  const sealAnswer = text?.sealAnswer;
  const stream = { state: fold(chatRequestDecider, appended), version: appended.length };
  return { inputTokens, reserved, accountId, spendRequest, stream, ...(sealAnswer ? { sealAnswer } : {}) };
};
