import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { limits } from '../limits';
import { AmplifyGroupsSection } from '../admin/amplify-groups';
import { WaitForQuery } from './events';
import { successBody } from '../success';

export const amplifyGroupsListRoute = '/amplifymin/amplify_groups/list';

/** GET /amplifymin/amplify_groups/list: `?full=true` (admins only) adds the groups themselves. */
export const AmplifyGroupsListQuery = WaitForQuery.extend({ full: z.enum(['true', 'false']).optional() });

/** Every signed-in user gets the group names (sorted); admins asking `full=true` also the groups. */
export const AmplifyGroupsListResponse = successBody({
  data: boundedList(boundedString('A group name', limits.nameLength), 'Amplify Groups', limits.groups),
  groups: AmplifyGroupsSection.optional(),
});
export type AmplifyGroupsListResponse = z.infer<typeof AmplifyGroupsListResponse>;
