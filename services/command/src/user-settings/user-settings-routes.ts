import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  userSettingsRoutes,
  UserSettingsSaveRequest,
  UserSettingsSaveResponse,
  userSettingsStreamId,
} from '@app/contracts';
import type { AwaitProjected, Db } from '@app/platform';
import { handleCommand } from '../shared/handle-command';
import { runCommand } from '../shared/command-route';
import { userSettingsDecider } from './user-settings-decider';

/**
 * POST /api/settings/save: the caller saves some of their settings (the fields sent; an unknown
 * field or a bad value is a 400 and nothing is recorded). Only what changed is recorded; the answer
 * carries the position for `?waitFor=` on GET /api/settings ('0' when nothing changed).
 */
export const userSettingsRoutesPlugin =
  (opts: { db: Db; awaitProjected: AwaitProjected }): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description: "Saves some of the caller's settings (only the fields sent); records only what changed.",
      body: UserSettingsSaveRequest,
      response: { ...errorResponses, 200: UserSettingsSaveResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(userSettingsRoutes.save, { preValidation: app.requireUser, schema }, async (request) => {
        const { result } = await runCommand(
          request,
          opts,
          'saveUserSettings',
          (trx, { actor, metadata }) =>
            handleCommand(
              trx,
              userSettingsDecider,
              userSettingsStreamId(actor.email),
              { type: 'SaveUserSettings', data: request.body },
              { metadata },
            ),
          (outcome) => outcome,
        );
        const answer: UserSettingsSaveResponse = { success: true, position: result.position };
        return answer;
      });
  };
