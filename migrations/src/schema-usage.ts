import type { ColumnType } from 'kysely';

/** Postgres bigint comes back as a string; written as a number. */
type BigCount = ColumnType<string, number, number>;

/** One roll-up row (migration 0036, projection `usageRollups`). */
export interface RmUsageRollupsTable {
  /** 'd': a UTC day; 'h': a UTC hour. */
  grain: string;
  /** '' for the request itself; else a billing group it was counted to. */
  group_name: string;
  bucket: Date;
  user_email: string;
  model: string;
  account_id: string;
  /** '' when the request was not made with an API key. */
  api_key_id: string;
  requests: BigCount;
  input_tokens: BigCount;
  output_tokens: BigCount;
  cached_tokens: BigCount;
  cost: number;
}

/** A request asked and not ended yet: what its end is counted under. */
export interface RmUsageOpenTable {
  request_id: string;
  user_email: string;
  model: string;
  account_id: string;
  api_key_id: string;
  groups: ColumnType<string[], string[], string[]>;
}

/** The Amplify groups as the usage fold sees them (the contracts' AmplifyGroup as JSON). */
export interface RmUsageGroupsTable {
  group_name: string;
  group_data: ColumnType<unknown, string, string>;
}

/** Who belongs to which billing group (directly or through inclusions), as the log stands. */
export interface RmUsageBillingMembersTable {
  email: string;
  group_name: string;
}

/** Each answer's latest rating ('good' | 'bad'). */
export interface RmUsageRatingsTable {
  request_id: string;
  user_email: string;
  model: string;
  groups: ColumnType<string[], string[], string[]>;
  rating: string;
  rated_at: Date;
}

/** The tables of migration 0036. */
export interface UsageTables {
  rm_usage_rollups: RmUsageRollupsTable;
  rm_usage_open: RmUsageOpenTable;
  rm_usage_groups: RmUsageGroupsTable;
  rm_usage_billing_members: RmUsageBillingMembersTable;
  rm_usage_ratings: RmUsageRatingsTable;
}
