import {
  feedbackMessages,
  feedbackStreamId,
  type EventMetadata,
  type RateAnswerRequest,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { ownChatRequest } from '../shared/chat-request-record';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { feedbackDecider } from './feedback-decider';

/** A rating of a request that is not the caller's (another's, or unknown): 404, nothing appended. */
export class NoSuchRatedRequestError extends Error {
  readonly statusCode = 404;
  constructor(requestId: string) {
    super(feedbackMessages.noSuchRequest(requestId));
    this.name = 'NoSuchRatedRequestError';
  }
}

/**
 * Records the caller's rating of the answer of one of their requests, inside the caller's
 * transaction: the model and the conversation are the request's own (its ChatRequested), the actor
 * is the events' metadata; the comment is kept trimmed, a blank one not at all.
 */
export const rateAnswer = async (
  trx: Db,
  rating: RateAnswerRequest,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  const request = await ownChatRequest(trx, metadata.actor.email, rating.requestId);
  if (request === null) throw new NoSuchRatedRequestError(rating.requestId);
  // A blank comment is no comment.
  const comment = rating.comment?.trim() || undefined;
  return handleCommand(
    trx,
    feedbackDecider,
    feedbackStreamId(request.requestId),
    {
      type: 'RateAnswer',
      data: {
        requestId: request.requestId,
        ...(request.conversationId === undefined ? {} : { conversationId: request.conversationId }),
        model: request.model,
        rating: rating.rating,
        ...(comment === undefined ? {} : { comment }),
      },
    },
    { metadata },
  );
};
