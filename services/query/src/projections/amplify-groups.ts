import { amplifyGroupsEventTypes, evolveAmplifyGroup, type AmplifyGroupsEvent } from '@app/contracts';
import { loadGroup } from '../read/amplify-groups';
import { tableProjection } from './projection';
import { changeStamp } from './rows';

/** Folds each group's events into its rm_amplify_groups row with the evolve the decider uses. */
export const amplifyGroupsProjection = tableProjection<AmplifyGroupsEvent>(
  'amplifyGroups',
  ['rm_amplify_groups'],
  {
    eventTypes: amplifyGroupsEventTypes,
    apply: async (event, recorded, trx) => {
      const { groupName } = event.data;
      const group = evolveAmplifyGroup(await loadGroup(trx, groupName), event);
      if (!group) {
        await trx.deleteFrom('rm_amplify_groups').where('group_name', '=', groupName).execute();
        return [groupName];
      }
      const row = {
        members: JSON.stringify(group.members),
        created_by: group.createdBy,
        include_from_other_groups:
          group.includeFromOtherGroups === undefined ? null : JSON.stringify(group.includeFromOtherGroups),
        is_billing_group: group.isBillingGroup,
        rate_limit: JSON.stringify(group.rateLimit),
        ...changeStamp(recorded),
      };
      await trx
        .insertInto('rm_amplify_groups')
        .values({ group_name: groupName, ...row })
        .onConflict((oc) => oc.column('group_name').doUpdateSet(row))
        .execute();
      return [groupName];
    },
  },
);
