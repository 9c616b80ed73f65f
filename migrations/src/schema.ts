import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** The tables every service may read, as kysely sees them. */
export interface EventsTable {
  global_position: Generated<string>;
  stream_id: string;
  stream_version: number;
  event_type: string;
  data: ColumnType<unknown, string, string>;
  metadata: JSONColumnType<Record<string, unknown>, string, string>;
  recorded_at: ColumnType<Date, never, never>;
  transaction_id: ColumnType<string, never, never>;
}

export interface CommandResultsTable {
  actor: string;
  command_id: string;
  result: ColumnType<unknown, string, string>;
  recorded_at: ColumnType<Date, never, never>;
}

export interface CheckpointsTable {
  name: string;
  transaction_id: string;
  global_position: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface RmAdminsTable {
  email: string;
  added_by: string;
  added_at: Date;
}

export interface RmFeatureFlagsTable {
  name: string;
  enabled: boolean;
  user_exceptions: JSONColumnType<string[], string, string>;
  amplify_group_exceptions: JSONColumnType<string[], string, string>;
  changed_by: string;
  changed_at: Date;
}

export interface RmSectionsTable {
  section: string;
  version: number;
  changed_by: string;
  changed_at: Date;
  position: string;
}

export interface Database {
  events: EventsTable;
  command_results: CommandResultsTable;
  checkpoints: CheckpointsTable;
  rm_admins: RmAdminsTable;
  rm_feature_flags: RmFeatureFlagsTable;
  rm_sections: RmSectionsTable;
}
