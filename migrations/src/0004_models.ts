import { sql, type Kysely } from 'kysely';
import { createAdminReadModel } from './create-table';

/** Read models of the Supported Models tab: the models, and the default model of each slot. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createAdminReadModel(
    db,
    'rm_models',
    sql`
      id text primary key,
      name text not null,
      provider text not null,
      description text not null,
      system_prompt text not null,
      input_context_window integer not null,
      output_token_limit integer not null,
      input_token_cost double precision not null,
      output_token_cost double precision not null,
      cached_token_cost double precision not null,
      supports_images boolean not null,
      supports_reasoning boolean not null,
      supports_system_prompts boolean not null,
      is_available boolean not null,
      is_built_in boolean not null,
      exclusive_group_availability jsonb not null`,
  );
  await createAdminReadModel(
    db,
    'rm_default_models',
    sql`
      key text primary key,
      model_id text not null`,
  );
}
