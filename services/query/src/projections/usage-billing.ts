import { sql } from 'kysely';
import {
  evolveAmplifyGroup,
  membersOf,
  normaliseEmail,
  type AmplifyGroup,
  type AmplifyGroupsEvent,
} from '@app/contracts';
import type { Db } from '@app/platform';

/** Who belongs to which billing group (rm_usage_billing_members' rows), by email. */
export type BillingMembers = ReadonlyMap<string, readonly string[]>;

/** The billing groups of each of `emails` now, read once (emails already normalised). */
export const loadBillingMembers = async (trx: Db, emails: readonly string[]): Promise<BillingMembers> => {
  const members = new Map<string, string[]>();
  if (emails.length === 0) return members;
  const rows = await trx
    .selectFrom('rm_usage_billing_members')
    .select(['email', 'group_name'])
    .where('email', 'in', [...new Set(emails)])
    .execute();
  for (const r of rows) members.set(r.email, [...(members.get(r.email) ?? []), r.group_name]);
  return members;
};

/**
 * The usage fold's copy of the Amplify groups (rm_usage_groups) held in memory for a batch: folded with
 * the decider's evolve as `foldUsageGroup` does, its billing members derived as its refresh derives
 * them, and written once at the end.
 */
export class UsageGroupsInMemory {
  private readonly groups: Map<string, AmplifyGroup>;
  private readonly touched = new Set<string>();
  private members: BillingMembers;

  private constructor(groups: Map<string, AmplifyGroup>) {
    this.groups = groups;
    this.members = this.billingMembers();
  }

  static async load(trx: Db): Promise<UsageGroupsInMemory> {
    const rows = await trx.selectFrom('rm_usage_groups').select(['group_name', 'group_data']).execute();
    return new UsageGroupsInMemory(new Map(rows.map((r) => [r.group_name, r.group_data as AmplifyGroup])));
  }

  get billing(): BillingMembers {
    return this.members;
  }

  fold(event: AmplifyGroupsEvent): void {
    const { groupName } = event.data;
    const group = evolveAmplifyGroup(this.groups.get(groupName), event);
    if (group) this.groups.set(groupName, group);
    else this.groups.delete(groupName);
    this.touched.add(groupName);
    this.members = this.billingMembers();
  }

  /**
   * The groups changed (upserted, or deleted when gone) in one statement, and the billing members made
   * those of the groups now in another (rows no longer wanted deleted, new ones inserted).
   */
  async save(trx: Db): Promise<void> {
    if (this.touched.size === 0) return;
    const gone = [...this.touched].filter((name) => !this.groups.has(name));
    const kept = [...this.touched].flatMap((name) => {
      const group = this.groups.get(name);
      return group ? [[name, JSON.stringify(group)] as const] : [];
    });
    await sql`
      with gone as (delete from rm_usage_groups where group_name = any(${gone}::text[]))
      insert into rm_usage_groups (group_name, group_data)
      select name, data::jsonb from unnest(${kept.map(([name]) => name)}::text[], ${kept.map(([, data]) => data)}::text[])
        as u(name, data)
      on conflict (group_name) do update set group_data = excluded.group_data`.execute(trx);
    const members = [...this.members].flatMap(([email, names]) =>
      names.map((name) => [email, name] as const),
    );
    await sql`
      with wanted as (
        select * from unnest(${members.map(([email]) => email)}::text[], ${members.map(([, name]) => name)}::text[])
          as w(email, group_name)
      ), gone as (
        delete from rm_usage_billing_members as m
        where not exists (select 1 from wanted as w where w.email = m.email and w.group_name = m.group_name)
      )
      insert into rm_usage_billing_members (email, group_name)
      select email, group_name from wanted
      on conflict (email, group_name) do nothing`.execute(trx);
  }

  /** Each billing group's members and, transitively, its included groups' (as `foldUsageGroup` keeps them). */
  private billingMembers(): BillingMembers {
    const groups: Record<string, AmplifyGroup> = {};
    for (const [name, group] of this.groups) groups[name] = group;
    const members = new Map<string, string[]>();
    for (const [name, group] of Object.entries(groups)) {
      if (!group.isBillingGroup) continue;
      for (const email of new Set(membersOf(groups, name).map(normaliseEmail)))
        members.set(email, [...(members.get(email) ?? []), name]);
    }
    return members;
  }
}
