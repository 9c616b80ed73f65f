import { assistantGroupRoutes, AssistantGroupsResponse, mayUseGroupAssistants } from '@app/contracts';
import { readAssistantGroups } from '../read/assistant-groups';
import { readRoute } from './read-route';

/**
 * GET /groups/list: admins get every group; other users the groups whose assistants they may use
 * (members, members of its Amplify groups, every user for a public group or the Amplify Assistants
 * group), without the members list and the key id. Takes `?waitFor=`.
 */
export const assistantGroupsRoute = readRoute({
  url: assistantGroupRoutes.list,
  who: 'user',
  description: 'The assistant admin groups: every one for admins, those open to the caller otherwise.',
  answer: AssistantGroupsResponse,
  handle: async ({ principal, isAdmin }, { db, groupsOf }) => {
    const groups = await readAssistantGroups(db);
    if (await isAdmin()) return { success: true as const, data: groups };
    const userGroups = await groupsOf(principal);
    const answer: AssistantGroupsResponse = {
      success: true,
      data: groups
        .filter((g) => mayUseGroupAssistants(g, principal, userGroups))
        .map((g) => ({ ...g, members: [], apiKeyId: null })),
    };
    return answer;
  },
});
