import {
  chatRateRoute,
  ConversationRatingsResponse,
  conversationRoutes,
  RateAnswerResponse,
  type RateAnswerRequest,
  type RequestRating,
} from '@app/contracts';
import { postForPosition } from './http';
import { relayJson } from './relay';

/** POST /api/chat/rate: the user's rating of an answer (and why, when they say); the position to wait for. */
export async function rateAnswer(request: RateAnswerRequest): Promise<string> {
  return postForPosition('rateAnswer', chatRateRoute, RateAnswerResponse, request);
}

/** GET /api/conversations/<id>/ratings: the user's latest rating of each rated answer of a conversation. */
export async function fetchConversationRatings(conversationId: string): Promise<RequestRating[]> {
  const path = conversationRoutes.ratings(conversationId);
  return (await relayJson('getConversationRatings', path, ConversationRatingsResponse)).body.data;
}
