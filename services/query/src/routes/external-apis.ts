import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  externalApiRoutes,
  ExternalApisResponse,
  ExternalApiView,
  WaitForQuery,
} from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { waitForPosition } from '../read/wait-for';

/** The external API definitions by name (credentials masked); a row that no longer parses is left out. */
export const readExternalApis = async (db: Db): Promise<ExternalApiView[]> => {
  const rows = await db.selectFrom('rm_external_apis').select('definition').orderBy('name').execute();
  return rows.flatMap((r) => {
    const parsed = ExternalApiView.safeParse(r.definition);
    return parsed.success ? [parsed.data] : [];
  });
};

/** GET /amplifymin/external_apis (admins): the definitions of the external API editor. Takes `?waitFor=`. */
export const externalApisRoute =
  (db: Db, projections: readonly Projection[]): FastifyPluginAsync =>
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      externalApiRoutes.list,
      {
        preValidation: app.requireAdmin,
        schema: {
          description: 'The external API definitions (credentials masked).',
          querystring: WaitForQuery,
          response: { ...errorResponses, 200: ExternalApisResponse },
        },
      },
      async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const answer: ExternalApisResponse = { success: true, data: await readExternalApis(db) };
        return answer;
      },
    );
  };
