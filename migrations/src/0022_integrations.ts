import { sql, type Kysely } from 'kysely';
import { createTable } from './create-table';

/**
 * Integrations and OAuth connections.
 *
 * `integration_oauth_states`: an authorization a user started and has not completed: the state's
 * SHA-256 (never the state), whose it is, which integration, the PKCE verifier sealed (SecretBox),
 * until when it may be completed. Taken once (deleted as it is read).
 * `integration_tokens`: a user's tokens of a connected integration, sealed as one value (SecretBox),
 * written and deleted in the same transaction as IntegrationConnected / IntegrationDisconnected.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'integration_oauth_states',
    sql`
      state_hash text primary key,
      user_email text not null,
      integration text not null,
      verifier jsonb not null,
      redirect_uri text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null`,
  );
  await sql`create index integration_oauth_states_user on integration_oauth_states (user_email)`.execute(db);
  await createTable(
    db,
    'integration_tokens',
    sql`
      user_email text not null,
      integration text not null,
      tokens jsonb not null,
      scopes jsonb not null,
      expires_at timestamptz,
      connected_at timestamptz not null,
      primary key (user_email, integration)`,
  );
}
