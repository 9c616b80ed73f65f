import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, UserAppConfigsResponse, userAppConfigsRoute, WaitForQuery } from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { readConfigValue } from '../read/config-values';
import { waitForPosition } from '../read/wait-for';

/**
 * GET /amplifymin/user_app_configs: the configuration every signed-in user may read (the Prompt
 * Cost Alert, the Support Email, the default conversation storage, the AI email domain), each its
 * default until an admin saved it. Takes `?waitFor=`.
 */
export const userAppConfigsRouteFor =
  (db: Db, projections: readonly Projection[]): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description:
        'The configuration users read: the prompt cost alert, the support email, the default conversation storage and the AI email domain.',
      querystring: WaitForQuery,
      response: { ...errorResponses, 200: UserAppConfigsResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(userAppConfigsRoute, { preValidation: app.requireUser, schema }, async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const [promtCostAlert, emailSupport, defaultConversationStorage, aiEmailDomain] = await Promise.all([
          readConfigValue(db, 'promtCostAlert'),
          readConfigValue(db, 'emailSupport'),
          readConfigValue(db, 'defaultConversationStorage'),
          readConfigValue(db, 'aiEmailDomain'),
        ]);
        const answer: UserAppConfigsResponse = {
          success: true,
          data: { promtCostAlert, emailSupport, defaultConversationStorage, aiEmailDomain },
        };
        return answer;
      });
  };
