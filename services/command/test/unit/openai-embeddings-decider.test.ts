import { describe, it } from 'vitest';
import { chatMessages, type EmbeddingsEvent, type EmbeddingsRequestedData } from '@app/contracts';
import { embeddingsRequestDecider, type EmbeddingsEnding } from '../../src/openai-api/embeddings-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(embeddingsRequestDecider);

const requestId = 'embd-1';
const data: EmbeddingsRequestedData = {
  requestId,
  model: 'text-embedding-3-small',
  accountId: 'general_account',
  inputs: 2,
  reserved: 0.001,
  via: { api: 'openai', apiKeyId: 'key-1' },
};
const ending: EmbeddingsEnding = { usage: { inputTokens: 12, cost: 0.0002 }, durationMs: 30 };
const requested: EmbeddingsEvent = { type: 'EmbeddingsRequested', data };
const completed: EmbeddingsEvent = { type: 'EmbeddingsCompleted', data: { requestId, ...ending } };
const failed: EmbeddingsEvent = {
  type: 'EmbeddingsFailed',
  data: { requestId, ...ending, message: 'every endpoint failed' },
};

describe('embeddings request decider: requested, then ended once', () => {
  it('given no stream, when requested, then EmbeddingsRequested', () => {
    given([]).when({ type: 'RequestEmbeddings', data }).then([requested]);
  });

  it('given a request id used before, when requested again, then it is refused', () => {
    given([requested]).when({ type: 'RequestEmbeddings', data }).thenThrows(chatMessages.requestIdInUse);
    given([requested, completed])
      .when({ type: 'RequestEmbeddings', data })
      .thenThrows(chatMessages.requestIdInUse);
  });

  it('given a requested stream, when completed or failed, then the end with its usage', () => {
    given([requested]).when({ type: 'CompleteEmbeddings', ending }).then([completed]);
    given([requested])
      .when({ type: 'FailEmbeddings', ending, message: 'every endpoint failed' })
      .then([failed]);
  });

  it('given no request, or one ended, when ended, then it is refused', () => {
    given([]).when({ type: 'CompleteEmbeddings', ending }).thenThrows(chatMessages.noSuchRequest);
    given([requested, completed])
      .when({ type: 'CompleteEmbeddings', ending })
      .thenThrows(chatMessages.noSuchRequest);
    given([requested, failed])
      .when({ type: 'FailEmbeddings', ending, message: 'again' })
      .thenThrows(chatMessages.noSuchRequest);
  });
});
