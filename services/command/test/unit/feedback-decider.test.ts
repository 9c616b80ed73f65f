import { describe, it } from 'vitest';
import type { AnswerRatedData, FeedbackEvent } from '@app/contracts';
import { feedbackDecider } from '../../src/feedback/feedback-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(feedbackDecider);
const request = { requestId: 'req-1', conversationId: 'conv-1', model: 'gpt-test' };
const rating = (r: Pick<AnswerRatedData, 'rating' | 'comment'>): AnswerRatedData => ({ ...request, ...r });
const rated = (r: Pick<AnswerRatedData, 'rating' | 'comment'>): FeedbackEvent => ({
  type: 'AnswerRated',
  data: rating(r),
});
const rate = (r: Pick<AnswerRatedData, 'rating' | 'comment'>) => ({
  type: 'RateAnswer' as const,
  data: rating(r),
});

describe('feedback decider', () => {
  it('given no rating, when rated good, then AnswerRated with the model and conversation', () => {
    given([])
      .when(rate({ rating: 'good' }))
      .then([rated({ rating: 'good' })]);
  });

  it('given no rating, when rated bad with a comment, then AnswerRated carries the comment', () => {
    given([])
      .when(rate({ rating: 'bad', comment: 'Wrong year' }))
      .then([rated({ rating: 'bad', comment: 'Wrong year' })]);
  });

  it('given a good rating, when rated bad, then a new AnswerRated replaces it', () => {
    given([rated({ rating: 'good' })])
      .when(rate({ rating: 'bad' }))
      .then([rated({ rating: 'bad' })]);
  });

  it('given a bad rating, when the same rating and comment come again, then nothing', () => {
    given([rated({ rating: 'bad', comment: 'Too long' })])
      .when(rate({ rating: 'bad', comment: 'Too long' }))
      .then([]);
  });

  it('given a bad rating with a comment, when rated bad without one, then AnswerRated (the comment is gone)', () => {
    given([rated({ rating: 'bad', comment: 'Too long' })])
      .when(rate({ rating: 'bad' }))
      .then([rated({ rating: 'bad' })]);
  });

  it('given good then bad, when rated good again, then AnswerRated (the latest counts, not the first)', () => {
    given([rated({ rating: 'good' }), rated({ rating: 'bad' })])
      .when(rate({ rating: 'good' }))
      .then([rated({ rating: 'good' })]);
  });

  it('given a request without a conversation, when rated, then AnswerRated names none', () => {
    const api = { requestId: 'req-api', model: 'gpt-test', rating: 'good' as const };
    given([])
      .when({ type: 'RateAnswer', data: api })
      .then([{ type: 'AnswerRated', data: api }]);
  });
});
