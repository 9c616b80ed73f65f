import type { ColumnType, JSONColumnType } from 'kysely';

/** One API key (migration 0019): the credential and the settings it is checked against. */
export interface ApiKeysTable {
  id: string;
  /** `<owner>/<ownerKey|delegateKey|systemKey>/<uuid>`: server-side only, never answered. */
  owner_api_id: string;
  /** SHA-256 (base64url) of the secret; the secret is stored nowhere. */
  secret_hash: string;
  kind: string;
  owner: string;
  delegate: string | null;
  system_id: string | null;
  application_name: string;
  application_description: string;
  account: JSONColumnType<{ id: string; name: string; isDefault?: boolean }, string, string>;
  rate_limit: JSONColumnType<{ period: string; rate: number | null }, string, string>;
  access_types: ColumnType<string[], string[], string[]>;
  expires_at: Date | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Date;
  updated_at: Date;
  last_accessed: Date | null;
  /** Reason → ISO time it was last recorded as an ApiKeyUseRefused event. */
  refusals_recorded: ColumnType<Record<string, string>, string | undefined, string>;
}

/** The tables of migration 0019. */
export interface ApiKeysTables {
  api_keys: ApiKeysTable;
}
