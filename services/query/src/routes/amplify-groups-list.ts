import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AmplifyGroupsListQuery,
  AmplifyGroupsListResponse,
  amplifyGroupsListRoute,
  errorResponses,
  platformMessages,
} from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { readAmplifyGroupNames, readAmplifyGroups } from '../read/amplify-groups';
import { waitForPosition } from '../read/wait-for';

/**
 * GET /amplifymin/amplify_groups/list: the group names for any signed-in user (e.g. to restrict an
 * assistant path to groups); `?full=true` adds the groups themselves, for admins only.
 */
export const amplifyGroupsList =
  (db: Db, projections: readonly Projection[]): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description: 'The Amplify group names (any signed-in user); `full=true` adds the groups (admins only).',
      querystring: AmplifyGroupsListQuery,
      response: { ...errorResponses, 200: AmplifyGroupsListResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(amplifyGroupsListRoute, { preValidation: app.requireUser, schema }, async (request, reply) => {
        const { waitFor, full } = request.query;
        if (full === 'true' && !(await request.principalIsAdmin())) {
          return reply.code(403).send({ success: false, message: platformMessages.adminsOnly });
        }
        if (waitFor) await waitForPosition(db, projections, waitFor);
        if (full === 'true') {
          const groups = await readAmplifyGroups(db);
          const answer: AmplifyGroupsListResponse = { success: true, data: Object.keys(groups), groups };
          return answer;
        }
        const answer: AmplifyGroupsListResponse = { success: true, data: await readAmplifyGroupNames(db) };
        return answer;
      });
  };
