import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, SpendResponse, spendRoute, WaitForQuery } from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { readSpendLimits } from '../read/spend';
import { waitForPosition } from '../read/wait-for';

/** GET /api/chat/spend: the caller's limits, each with what was spent in its current window. */
export const spendRouteFor =
  (db: Db, projections: readonly Projection[]): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description:
        "The caller's spend limits (theirs, their Amplify groups', their accounts'), each with what was " +
        'spent in its current window and when that window resets.',
      querystring: WaitForQuery,
      response: { ...errorResponses, 200: SpendResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(spendRoute, { preValidation: app.requireUser, schema }, async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const answer: SpendResponse = {
          success: true,
          data: await readSpendLimits(db, request.principal ?? '', new Date()),
        };
        return answer;
      });
  };
