import {
  evolveAmplifyGroup,
  membersOf,
  normaliseEmail,
  type AmplifyGroup,
  type AmplifyGroupsEvent,
} from '@app/contracts';
import type { Db } from '@app/platform';

/**
 * The usage fold's own copy of the Amplify groups (folded with the decider's evolve), so a rebuild
 * counts each request to the billing groups of its time, whatever the groups are now.
 */
export const foldUsageGroup = async (trx: Db, event: AmplifyGroupsEvent): Promise<void> => {
  const { groupName } = event.data;
  const row = await trx
    .selectFrom('rm_usage_groups')
    .select('group_data')
    .where('group_name', '=', groupName)
    .executeTakeFirst();
  const group = evolveAmplifyGroup(row?.group_data as AmplifyGroup | undefined, event);
  if (group) {
    const data = JSON.stringify(group);
    await trx
      .insertInto('rm_usage_groups')
      .values({ group_name: groupName, group_data: data })
      .onConflict((oc) => oc.column('group_name').doUpdateSet({ group_data: data }))
      .execute();
  } else await trx.deleteFrom('rm_usage_groups').where('group_name', '=', groupName).execute();
  await refreshBillingMembers(trx);
};

/** Who belongs to each billing group now (its members and, transitively, its included groups'). */
const refreshBillingMembers = async (trx: Db): Promise<void> => {
  const rows = await trx.selectFrom('rm_usage_groups').select(['group_name', 'group_data']).execute();
  const groups: Record<string, AmplifyGroup> = {};
  for (const r of rows) groups[r.group_name] = r.group_data as AmplifyGroup;
  const members: { email: string; group_name: string }[] = [];
  for (const [name, group] of Object.entries(groups)) {
    if (!group.isBillingGroup) continue;
    const emails = new Set(membersOf(groups, name).map(normaliseEmail));
    for (const email of emails) members.push({ email, group_name: name });
  }
  await trx.deleteFrom('rm_usage_billing_members').execute();
  if (members.length > 0) await trx.insertInto('rm_usage_billing_members').values(members).execute();
};
