import { chatRateRoute, RateAnswerResponse, type RateAnswerRequest } from '@app/contracts';
import { postForPosition } from './http';

/** POST /api/chat/rate: the user's rating of an answer (and why, when they say); the position to wait for. */
export async function rateAnswer(request: RateAnswerRequest): Promise<string> {
  return postForPosition('rateAnswer', chatRateRoute, RateAnswerResponse, request);
}
