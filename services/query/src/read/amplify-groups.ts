import { sql } from 'kysely';
import {
  nameMapFrom,
  normaliseEmail,
  type AmplifyGroup,
  type AmplifyGroupsSection,
  type RateLimit,
} from '@app/contracts';
import type { Db } from '@app/platform';

type GroupRow = {
  group_name: string;
  members: string[];
  created_by: string;
  include_from_other_groups: string[] | null;
  is_billing_group: boolean;
  rate_limit: { period: string; rate: number | null };
};

/** A row of rm_amplify_groups as the dialog reads the group (no includeFromOtherGroups: a system group). */
export const groupOfRow = (row: GroupRow): AmplifyGroup => ({
  groupName: row.group_name,
  members: row.members,
  createdBy: row.created_by,
  ...(row.include_from_other_groups === null
    ? {}
    : { includeFromOtherGroups: row.include_from_other_groups }),
  isBillingGroup: row.is_billing_group,
  rateLimit: row.rate_limit as RateLimit,
});

export const loadGroup = async (db: Db, groupName: string): Promise<AmplifyGroup | undefined> => {
  const row = await db
    .selectFrom('rm_amplify_groups')
    .selectAll()
    .where('group_name', '=', groupName)
    .executeTakeFirst();
  return row ? groupOfRow(row) : undefined;
};

/** The Amplify Groups section: every group in one query, keyed by name, in name order. */
export const readAmplifyGroups = async (db: Db): Promise<AmplifyGroupsSection> => {
  const rows = await db.selectFrom('rm_amplify_groups').selectAll().orderBy('group_name').execute();
  return nameMapFrom(rows.map((r) => [r.group_name, groupOfRow(r)] as const));
};

export const readAmplifyGroupNames = async (db: Db): Promise<string[]> =>
  (await db.selectFrom('rm_amplify_groups').select('group_name').orderBy('group_name').execute()).map(
    (r) => r.group_name,
  );

/**
 * Every group `email` belongs to: those listing it, then, transitively, those including one of them.
 * One recursive query on the GIN indexes; UNION stops at a group already found, so even a cycle
 * (which the decider refuses) ends. The same answer as `groupsOf` of @app/contracts.
 */
export const readGroupsOf = async (db: Db, email: string): Promise<string[]> => {
  const who = normaliseEmail(email);
  if (who === '') return [];
  const result = await sql<{ group_name: string }>`
    with recursive mine(group_name) as (
      select group_name from rm_amplify_groups where members ? ${who}
      union
      select g.group_name from rm_amplify_groups g join mine m on g.include_from_other_groups ? m.group_name
    )
    select group_name from mine order by group_name`.execute(db);
  return result.rows.map((r) => r.group_name);
};
