import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  isFlagOnFor,
  ResolvedFeatureFlagsResponse,
  routes,
  WaitForQuery,
} from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { readFeatureFlags } from '../read/admin-config';
import { waitForPosition } from '../read/wait-for';

/** Where a user's Amplify groups come from (the query service defaults to the groups read model). */
export type GroupMembership = (email: string) => Promise<string[]>;
export const noGroups: GroupMembership = () => Promise.resolve([]);

/** GET /amplifymin/feature_flags: every flag resolved for the caller. */
export const featureFlagsRoute =
  (db: Db, projections: readonly Projection[], groupsOf: GroupMembership): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description: 'Every feature flag, resolved for the caller.',
      querystring: WaitForQuery,
      response: { ...errorResponses, 200: ResolvedFeatureFlagsResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(routes.featureFlags, { preValidation: app.requireUser, schema }, async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const email = request.principal ?? '';
        const [flags, groups] = await Promise.all([readFeatureFlags(db), groupsOf(email)]);
        const data = Object.fromEntries(
          Object.entries(flags).map(([name, f]) => [name, isFlagOnFor(f, email, groups)]),
        );
        const answer: ResolvedFeatureFlagsResponse = { success: true, data };
        return answer;
      });
  };
