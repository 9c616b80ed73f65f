import {
  chatMessages,
  type EmbeddingsEnded,
  type EmbeddingsEvent,
  type EmbeddingsRequestedData,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, type Decider } from '../shared/decider';

/** One embeddings request's stream (`embeddings-<requestId>`): none, requested, then ended. */
export type EmbeddingsRequestState =
  | { status: 'none' }
  | { status: 'requested'; requestId: string }
  | { status: 'ended'; requestId: string; how: 'completed' | 'failed' };

export type EmbeddingsEnding = Omit<EmbeddingsEnded, 'requestId'>;

export type EmbeddingsRequestCommand =
  /** Accepted: appended at 'no stream' with its reservation. */
  | { type: 'RequestEmbeddings'; data: EmbeddingsRequestedData }
  | { type: 'CompleteEmbeddings'; ending: EmbeddingsEnding }
  | { type: 'FailEmbeddings'; ending: EmbeddingsEnding; message: string };

const requested = (state: EmbeddingsRequestState): string => {
  if (state.status !== 'requested') throw new DomainError(chatMessages.noSuchRequest);
  return state.requestId;
};

export const embeddingsRequestDecider: Decider<
  EmbeddingsRequestState,
  EmbeddingsRequestCommand,
  EmbeddingsEvent
> = {
  initialState: () => ({ status: 'none' }),

  decide: (command, state) => {
    switch (command.type) {
      case 'RequestEmbeddings':
        if (state.status !== 'none') throw new DomainError(chatMessages.requestIdInUse);
        return [{ type: 'EmbeddingsRequested', data: command.data }];
      case 'CompleteEmbeddings':
        return [{ type: 'EmbeddingsCompleted', data: { requestId: requested(state), ...command.ending } }];
      case 'FailEmbeddings':
        return [
          {
            type: 'EmbeddingsFailed',
            data: { requestId: requested(state), ...command.ending, message: command.message },
          },
        ];
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'EmbeddingsRequested':
        return { status: 'requested', requestId: event.data.requestId };
      case 'EmbeddingsCompleted':
        return { status: 'ended', requestId: event.data.requestId, how: 'completed' };
      case 'EmbeddingsFailed':
        return { status: 'ended', requestId: event.data.requestId, how: 'failed' };
      default:
        return assertNever(event);
    }
  },
};
