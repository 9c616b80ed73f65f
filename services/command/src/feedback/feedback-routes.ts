import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatRateRoute,
  ErrorResponse,
  errorResponses,
  RateAnswerRequest,
  RateAnswerResponse,
} from '@app/contracts';
import type { AwaitProjected, Db } from '@app/platform';
import { runCommand } from '../shared/command-route';
import { rateAnswer } from './rate-answer';

/**
 * POST /api/chat/rate: the caller rates the answer of one of their requests ('Good response' /
 * 'Bad response', an optional comment): `AnswerRated` on the request's feedback stream, once per
 * Idempotency-Key; 404 for a request that is not theirs. Answers the position for `?waitFor=`.
 */
export const feedbackRoutesPlugin =
  (opts: { db: Db; awaitProjected?: AwaitProjected | undefined }): FastifyPluginAsync =>
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      chatRateRoute,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            "Rates the answer of one of the caller's requests, with an optional comment (404 when it is not theirs); a later rating replaces it.",
          body: RateAnswerRequest,
          response: { ...errorResponses, 200: RateAnswerResponse, 404: ErrorResponse },
        },
      },
      async (request): Promise<RateAnswerResponse> => {
        const { result } = await runCommand(
          request,
          opts,
          'rateAnswer',
          (trx, { metadata }) => rateAnswer(trx, request.body, metadata),
          (outcome) => outcome,
        );
        return { success: true, position: result.position };
      },
    );
  };
