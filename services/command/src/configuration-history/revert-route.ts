import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConflictResponse,
  errorResponses,
  revertMessages,
  RevertRequest,
  RevertResponse,
  revertRoutes,
  sectionLabels,
  type SectionType,
} from '@app/contracts';
import { ConcurrencyError, type AwaitProjected, type Db } from '@app/platform';
import { runCommand } from '../shared/command-route';
import { revertSection, type RevertDeps } from './revert-section';

export interface RevertRouteOptions extends RevertDeps {
  db: Db;
  awaitProjected?: AwaitProjected | undefined;
}

/**
 * POST /api/admin/revert (admins): one section back to how it was at a moment, as new events by the
 * reverting admin; 409 (who changed it) when the section moved since the view was opened.
 */
export const revertRoutePlugin =
  (opts: RevertRouteOptions): FastifyPluginAsync =>
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      revertRoutes.revert,
      {
        preValidation: app.requireAdmin,
        schema: {
          description:
            "Brings one section of the configuration back to how it was at `at` (an ISO time or a log position), through the same deciders as a save; `version` is the section's version when the view was opened (409 if it changed since). Secrets come back only if their data keys still exist; `notRestored` says which did not.",
          body: RevertRequest,
          response: { ...errorResponses, 200: RevertResponse, 409: ConflictResponse },
        },
      },
      async (request, reply) => {
        const label = sectionLabels[request.body.section as SectionType];
        try {
          const { result } = await runCommand(
            request,
            opts,
            'revertSection',
            (trx, call) => revertSection(trx, opts, request.body, call.metadata),
            (outcome) => outcome,
          );
          const answer: RevertResponse = {
            success: true,
            position: result.position,
            notRestored: result.notRestored,
          };
          return answer;
        } catch (e) {
          if (!(e instanceof ConcurrencyError)) throw e;
          const who = e.lastActor ?? 'someone';
          return reply.code(409).send({
            success: false,
            message: revertMessages.conflict(label, who),
            ...(e.lastActor ? { changedBy: e.lastActor } : {}),
          });
        }
      },
    );
  };
