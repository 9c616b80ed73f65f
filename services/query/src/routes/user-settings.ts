import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, UserSettingsResponse, userSettingsRoutes, WaitForQuery } from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { effectiveConversationStorage, readUserSettings } from '../read/user-settings';
import { waitForPosition } from '../read/wait-for';

/**
 * GET /api/settings: the caller's stored settings (defaults for what they never set) and the
 * conversation storage their new conversations use (theirs, else the admin's default). Takes `?waitFor=`.
 */
export const userSettingsRoute =
  (db: Db, projections: readonly Projection[]): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description:
        "The caller's settings, and the conversation storage new conversations use (theirs, else the admin's default).",
      querystring: WaitForQuery,
      response: { ...errorResponses, 200: UserSettingsResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(userSettingsRoutes.get, { preValidation: app.requireUser, schema }, async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const settings = await readUserSettings(db, request.principal ?? '');
        const answer: UserSettingsResponse = {
          success: true,
          data: {
            ...settings,
            effectiveConversationStorage: await effectiveConversationStorage(db, settings),
          },
        };
        return answer;
      });
  };
