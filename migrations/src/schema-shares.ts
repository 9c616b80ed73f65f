import type { ColumnType } from 'kysely';

/** A share of a cloud conversation (migration 0033, projection `shares`). */
export interface RmSharesTable {
  share_id: string;
  owner: string;
  conversation_id: string;
  name: string;
  is_public: boolean;
  access_to: ColumnType<{ amplifyGroups: string[]; users: string[] }, string, string>;
  /** The snapshot's JSON (contracts' `ShareSnapshot`). */
  snapshot: ColumnType<unknown, string, string>;
  revoked: ColumnType<boolean, boolean | undefined, boolean>;
  view_count: ColumnType<number, number | undefined, number>;
  created_at: Date;
}

export interface SharesTables {
  rm_shares: RmSharesTable;
}
