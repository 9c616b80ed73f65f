import { z } from 'zod';
import { boundedString } from '../bounded';
import { eventTypesOf } from '../event-types';
import { limits } from '../limits';
import { successBody, successList } from '../success';
import { ChatId } from './chat-request';

/** POST: the caller rates the answer of one of their requests (`RateAnswerRequest`). */
export const chatRateRoute = '/api/chat/rate';

export const feedbackLimits = {
  /** Why the user rated an answer so, in their words. */
  commentLength: 2000,
} as const;

export const answerRatings = ['good', 'bad'] as const;
export const AnswerRating = z.enum(answerRatings);
export type AnswerRating = z.infer<typeof AnswerRating>;

/** 'Good response' / 'Bad response' on an answer, with an optional comment. */
export const RateAnswerRequest = z.object({
  requestId: ChatId,
  rating: AnswerRating,
  comment: boundedString('The comment', feedbackLimits.commentLength).optional(),
});
export type RateAnswerRequest = z.infer<typeof RateAnswerRequest>;

/** The answer of a rating: `position` for `?waitFor=` ('0' when it repeated the latest rating). */
export const RateAnswerResponse = successBody({
  position: boundedString('The position', limits.positionLength),
});
export type RateAnswerResponse = z.infer<typeof RateAnswerResponse>;

/**
 * The caller's own latest rating of one answer of their conversation, as the read model keeps it
 * (another user's rating of it is never shown).
 */
export const RequestRating = z.object({
  requestId: ChatId,
  rating: AnswerRating,
  comment: z.string().max(feedbackLimits.commentLength).optional(),
});
export type RequestRating = z.infer<typeof RequestRating>;

/** GET `conversationRoutes.ratings(id)`: the rated answers of one of the caller's conversations, local or cloud. */
export const ConversationRatingsResponse = successList(RequestRating);
export type ConversationRatingsResponse = z.infer<typeof ConversationRatingsResponse>;

/** Feedback's messages, shown to users word for word. */
export const feedbackMessages = {
  /** A request that is not the caller's, or not known: the same words, so nothing leaks. */
  noSuchRequest: (id: string) => `There is no request '${id}' of yours to rate.`,
} as const;

/**
 * The ratings of one request's answer: a stream of their own beside the request's (`chat-<id>`, which
 * the relay alone appends to while the answer streams). The latest rating counts.
 */
export const feedbackStreamId = (requestId: string) => `feedback-${requestId}`;

export interface AnswerRatedData {
  requestId: string;
  /** The request's conversation and model, as its ChatRequested recorded them (never the client's word). */
  conversationId?: string;
  model: string;
  rating: AnswerRating;
  comment?: string;
}

export type FeedbackEvent = { type: 'AnswerRated'; data: AnswerRatedData };

export const feedbackEventTypes = eventTypesOf<FeedbackEvent>({ AnswerRated: true });
