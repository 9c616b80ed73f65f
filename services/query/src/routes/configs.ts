import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConfigsResponse, errorResponses, routes, WaitForQuery } from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { readSectionMeta } from '../read/admin-config';
import { readAllSections } from '../read/section-readers';
import { waitForPosition } from '../read/wait-for';
import { projectionCheckpoint } from '../runner/run-batch';

/** GET /amplifymin/configs: every section built so far, with the version each was loaded at. */
export const configsRoute =
  (db: Db, projections: readonly Projection[]): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description: 'Every section of the configuration, with the version each was loaded at.',
      querystring: WaitForQuery,
      response: { ...errorResponses, 200: ConfigsResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(routes.configs, { preValidation: app.requireAdmin, schema }, async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const [data, meta, cps] = await Promise.all([
          readAllSections(db),
          readSectionMeta(db),
          Promise.all(projections.map((p) => projectionCheckpoint(db, p))),
        ]);
        const position = cps.reduce(
          (min, cp) => (BigInt(cp.globalPosition) < BigInt(min) ? cp.globalPosition : min),
          cps[0]?.globalPosition ?? '0',
        );
        const answer: ConfigsResponse = { success: true, data, meta, position };
        return answer;
      });
  };
