import type { AnswerRatedData, AnswerRating, FeedbackEvent } from '@app/contracts';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

/** The ratings of one request's answer (stream `feedbackStreamId(requestId)`): the latest counts. */
export interface FeedbackState {
  latest: { rating: AnswerRating; comment: string | null } | null;
}

/**
 * The caller rates the answer of one of their requests. `data` names the request's model and
 * conversation as its ChatRequested recorded them: that the request is the caller's, and what it
 * was, is the handler's reading of the log, before this runs.
 */
export type FeedbackCommand = { type: 'RateAnswer'; data: AnswerRatedData };

const sameRating = (latest: FeedbackState['latest'], data: AnswerRatedData): boolean =>
  latest !== null && latest.rating === data.rating && latest.comment === (data.comment ?? null);

/**
 * A rating replaces the one before it (a new event: the log keeps every one, the latest counts);
 * the same rating with the same comment again appends nothing.
 */
export const feedbackDecider: Decider<FeedbackState, FeedbackCommand, FeedbackEvent> = {
  initialState: () => ({ latest: null }),

  decide: (command, state) => {
    switch (command.type) {
      case 'RateAnswer':
        return sameRating(state.latest, command.data) ? [] : [{ type: 'AnswerRated', data: command.data }];
      default:
        return assertNever(command.type);
    }
  },

  evolve: (_state, event) => {
    switch (event.type) {
      case 'AnswerRated':
        return { latest: { rating: event.data.rating, comment: event.data.comment ?? null } };
      default:
        return assertNever(event.type);
    }
  },

  snapshot: plainSnapshot('feedback/1', (j) => isPlainObject(j) && 'latest' in j),
};
