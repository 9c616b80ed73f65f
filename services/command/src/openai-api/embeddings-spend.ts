import {
  chatMessages,
  costOf,
  defaultAccountId,
  embeddingsRequestStreamId,
  type ChatVia,
  type EventMetadata,
  type Model,
} from '@app/contracts';
import { DomainError, inTransaction, recordApiKeyRefusal, type Db } from '@app/platform';
import { chatApiKeyOf } from '../api-keys/index';
import { ChatRefusal } from '../chat/index';
import { handleCommand } from '../shared/handle-command';
import { SpendLimitReached, UnknownAccountError, type SpendGuard, type SpendRequest } from '../spend/index';
import { embeddingsRequestDecider, type EmbeddingsEnding } from './embeddings-decider';

/**
 * The input tokens of `texts` at most: their UTF-8 bytes, as the relay bounds a prompt (no tokenizer's
 * token is shorter than a byte: chat/token-bound.ts), with a few for each text's own markers.
 */
export const embeddingsTokenBound = (texts: readonly string[]): number =>
  texts.reduce((n, t) => n + Buffer.byteLength(t, 'utf8') + 4, 0);

/** The dollars of `inputTokens` at the model's input price (an embeddings model has no output). */
export const embeddingsCost = (model: Model, inputTokens: number): number =>
  costOf(model, { inputTokens, outputTokens: 0, cachedTokens: 0 });

export interface AcceptedEmbeddings {
  /** The dollars reserved: the settlement never charges more. */
  reserved: number;
  /** What the spend guard is told at the end, with the actual cost. */
  spendRequest: Omit<SpendRequest, 'amount' | 'at'>;
  metadata: EventMetadata;
}

const refusalOf = (e: unknown): ChatRefusal | undefined => {
  if (e instanceof UnknownAccountError) return new ChatRefusal(e.message, 400);
  if (e instanceof SpendLimitReached) return new ChatRefusal(e.message, 429, e.resetsAt);
  if (e instanceof DomainError)
    return new ChatRefusal(e.message, e.message === chatMessages.requestIdInUse ? 409 : 429);
  return undefined;
};

/**
 * Records an embeddings request and reserves its worst case in one transaction, by the chat's own
 * spend guard (docs/architecture.md, "Spend limits"): the caller's, their groups', the account's and,
 * with an API key, the key's ledgers (its rate limit, on its account). Over a limit: a ChatRefusal
 * 429 with when it resets, nothing appended (the key's refusal recorded on it, at most once a
 * minute), and the provider is never asked. EmbeddingsRequested goes in the ledgers' statement.
 */
export const acceptEmbeddings = async (
  db: Db,
  spend: SpendGuard,
  input: {
    requestId: string;
    model: Model;
    texts: readonly string[];
    actor: string;
    metadata: EventMetadata;
    via: ChatVia;
  },
): Promise<AcceptedEmbeddings> => {
  const { requestId, metadata } = input;
  const viaKey = await chatApiKeyOf(db, metadata);
  const accountId = viaKey?.accountId ?? defaultAccountId;
  const reserved = embeddingsCost(input.model, embeddingsTokenBound(input.texts));
  const spendRequest = {
    requestId,
    actor: input.actor,
    accountId,
    metadata,
    ...(viaKey ? { apiKey: viaKey.spend } : {}),
  };
  const events = embeddingsRequestDecider.decide(
    {
      type: 'RequestEmbeddings',
      data: {
        requestId,
        model: input.model.id,
        accountId,
        inputs: input.texts.length,
        reserved,
        via: input.via,
      },
    },
    embeddingsRequestDecider.initialState(),
  );
  try {
    await inTransaction(db, (trx) =>
      spend.reserve(
        trx,
        { ...spendRequest, amount: reserved, at: new Date() },
        { alongside: [{ streamId: embeddingsRequestStreamId(requestId), events, expectedVersion: 0 }] },
      ),
    );
  } catch (e) {
    const refusal = refusalOf(e);
    if (!refusal) throw e;
    if (refusal.statusCode === 429 && viaKey)
      await recordApiKeyRefusal(
        db,
        {
          apiKeyId: viaKey.spend.id,
          reason: 'rateLimit',
          route: 'POST /v1/embeddings',
          message: refusal.message,
        },
        { ...metadata, commandId: `${metadata.commandId}#refused` },
      ).catch(() => false);
    throw refusal;
  }
  return { reserved, spendRequest, metadata };
};

/**
 * Ends an accepted embeddings request: EmbeddingsCompleted (or EmbeddingsFailed with why) with the
 * tokens and their cost, never more than was reserved, and the spend settled at that cost.
 */
export const endEmbeddings = async (
  db: Db,
  spend: SpendGuard,
  accepted: AcceptedEmbeddings,
  ending: EmbeddingsEnding,
  failure?: string,
): Promise<void> => {
  const { requestId } = accepted.spendRequest;
  await handleCommand(
    db,
    embeddingsRequestDecider,
    embeddingsRequestStreamId(requestId),
    failure === undefined
      ? { type: 'CompleteEmbeddings', ending }
      : { type: 'FailEmbeddings', ending, message: failure },
    { metadata: accepted.metadata },
  );
  await spend.settle(db, { ...accepted.spendRequest, amount: ending.usage.cost, at: new Date() });
};
