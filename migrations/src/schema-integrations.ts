import type { ColumnType, JSONColumnType } from 'kysely';

/** A started authorization (migration 0022): the state's hash, the PKCE verifier sealed. */
export interface IntegrationOauthStatesTable {
  state_hash: string;
  user_email: string;
  integration: string;
  /** A SealedSecret. */
  verifier: JSONColumnType<object, string, string>;
  redirect_uri: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
}

/** A user's tokens of a connected integration, sealed as one value. */
export interface IntegrationTokensTable {
  user_email: string;
  integration: string;
  /** A SealedSecret of the token answer's JSON. */
  tokens: JSONColumnType<object, string, string>;
  scopes: JSONColumnType<string[], string, string>;
  expires_at: Date | null;
  connected_at: Date;
}

/** The tables of migration 0022. */
export interface IntegrationsTables {
  integration_oauth_states: IntegrationOauthStatesTable;
  integration_tokens: IntegrationTokensTable;
}
