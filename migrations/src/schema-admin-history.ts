import type { ColumnType } from 'kysely';

/** One changed field, or one session event (migration 0037, projection `adminHistory`). */
export interface RmAdminHistoryTable {
  position: ColumnType<string, string, string>;
  ord: number;
  kind: string;
  recorded_at: Date;
  actor: string;
  section: string;
  item: string;
  field: string;
  from_value: string | null;
  to_value: string | null;
  event_type: string;
}

/** A section's field as last folded (masked when secret): the "from" of its next change. */
export interface RmAdminHistoryStateTable {
  section: string;
  item: string;
  field: string;
  value: string;
}

export interface AdminHistoryTables {
  rm_admin_history: RmAdminHistoryTable;
  rm_admin_history_state: RmAdminHistoryStateTable;
}
