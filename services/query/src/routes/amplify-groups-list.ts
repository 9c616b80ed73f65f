import { AmplifyGroupsListQuery, AmplifyGroupsListResponse, amplifyGroupsListRoute } from '@app/contracts';
import { readAmplifyGroupNames, readAmplifyGroups } from '../read/amplify-groups';
import { readRoute } from './read-route';

/**
 * GET /amplifymin/amplify_groups/list: the group names for any signed-in user (e.g. to restrict an
 * assistant path to groups); `?full=true` adds the groups themselves, for admins only.
 */
export const amplifyGroupsList = readRoute({
  url: amplifyGroupsListRoute,
  who: 'user',
  description: 'The Amplify group names (any signed-in user); `full=true` adds the groups (admins only).',
  query: AmplifyGroupsListQuery,
  answer: AmplifyGroupsListResponse,
  adminsOnlyWhen: ({ query }) => query.full === 'true',
  handle: async ({ query }, { db }) => {
    if (query.full === 'true') {
      const groups = await readAmplifyGroups(db);
      const answer: AmplifyGroupsListResponse = { success: true, data: Object.keys(groups), groups };
      return answer;
    }
    const answer: AmplifyGroupsListResponse = { success: true, data: await readAmplifyGroupNames(db) };
    return answer;
  },
});
