import { sql, type Kysely } from 'kysely';
import { createAdminReadModel } from './create-table';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The single-value cards of the Configurations tab, one row per section type.
  await createAdminReadModel(
    db,
    'rm_config_values',
    sql`
      section text primary key,
      value jsonb not null`,
  );
  // Amplify groups; include_from_other_groups is null for a system group.
  await createAdminReadModel(
    db,
    'rm_amplify_groups',
    sql`
      group_name text primary key,
      members jsonb not null,
      created_by text not null,
      include_from_other_groups jsonb,
      is_billing_group boolean not null,
      rate_limit jsonb not null`,
  );
  // Membership lookups: "groups listing this email" and "groups including this group" (jsonb ?).
  await sql`create index rm_amplify_groups_members on rm_amplify_groups using gin (members)`.execute(db);
  await sql`create index rm_amplify_groups_inclusions on rm_amplify_groups using gin (include_from_other_groups)`.execute(
    db,
  );
}
