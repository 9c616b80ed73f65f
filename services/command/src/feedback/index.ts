export { feedbackRoutesPlugin } from './feedback-routes';
export { feedbackDecider, type FeedbackCommand, type FeedbackState } from './feedback-decider';
export { NoSuchRatedRequestError, rateAnswer } from './rate-answer';
