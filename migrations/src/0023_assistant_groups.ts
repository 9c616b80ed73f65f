import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * Assistant admin groups and the external API definitions, both admin read models.
 *
 * `rm_assistant_groups`: one row per group (projection `assistantGroups`): its flags, members,
 * Amplify groups, assistants (ids and names) and the id of its current system API key (never the key).
 * `rm_external_apis`: one row per external API definition (projection `externalApis`): the definition
 * as answered, credentials only as masks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'rm_assistant_groups',
    sql`
      group_id text primary key,
      group_name text not null,
      created_by text not null,
      created_at timestamptz not null,
      is_amplify_assistants boolean not null,
      is_public boolean not null,
      support_conv_analysis boolean not null,
      track_conversations boolean not null,
      members jsonb not null,
      amplify_groups jsonb not null,
      assistants jsonb not null,
      api_key_id text`,
  );
  await createTable(
    db,
    'rm_external_apis',
    sql`
      id text primary key,
      name text not null,
      definition jsonb not null,
      updated_by text not null,
      updated_at timestamptz not null`,
  );
}
