import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assistantGroupRoutes,
  AssistantGroupsResponse,
  errorResponses,
  mayUseGroupAssistants,
  WaitForQuery,
  type AssistantGroupView,
} from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { waitForPosition } from '../read/wait-for';
import type { GroupMembership } from './feature-flags';

/** Every assistant admin group, the Amplify Assistants group first, then by name. */
export const readAssistantGroups = async (db: Db): Promise<AssistantGroupView[]> => {
  const rows = await db
    .selectFrom('rm_assistant_groups')
    .selectAll()
    .orderBy('is_amplify_assistants', 'desc')
    .orderBy('group_name')
    .execute();
  return rows.map((r) => ({
    group_id: r.group_id,
    groupName: r.group_name,
    amplifyGroups: r.amplify_groups,
    createdBy: r.created_by,
    isPublic: r.is_public,
    numOfAssistants: r.assistants.length,
    supportConvAnalysis: r.support_conv_analysis,
    trackCoversations: r.track_conversations,
    members: r.members,
    assistants: r.assistants,
    apiKeyId: r.api_key_id,
    isAmplifyAssistants: r.is_amplify_assistants,
  }));
};

/**
 * GET /groups/list: admins get every group; other users the groups whose assistants they may use
 * (members, members of its Amplify groups, every user for a public group or the Amplify Assistants
 * group), without the members list and the key id. Takes `?waitFor=`.
 */
export const assistantGroupsRoute =
  (db: Db, projections: readonly Projection[], groupsOf: GroupMembership): FastifyPluginAsync =>
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      assistantGroupRoutes.list,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            'The assistant admin groups: every one for admins, those open to the caller otherwise.',
          querystring: WaitForQuery,
          response: { ...errorResponses, 200: AssistantGroupsResponse },
        },
      },
      async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const groups = await readAssistantGroups(db);
        if (await request.principalIsAdmin()) return { success: true as const, data: groups };
        const email = request.principal ?? '';
        const userGroups = await groupsOf(email);
        const answer: AssistantGroupsResponse = {
          success: true,
          data: groups
            .filter((g) => mayUseGroupAssistants(g, email, userGroups))
            .map((g) => ({ ...g, members: [], apiKeyId: null })),
        };
        return answer;
      },
    );
  };
