import type { ColumnType } from 'kysely';

/** Migration 0020: an assistant's latest version (projection `assistants`). Deleted ones have no row. */
export interface RmAssistantsTable {
  /** `astp/<uuid>`. */
  assistant_id: string;
  /** `ast/<uuid>` of the latest version. */
  version_id: string;
  version: number;
  owner: string;
  group_id: string | null;
  name: string;
  /** Where it is published (lower case), null when it is not. */
  ast_path: string | null;
  is_public: boolean;
  /** The AssistantDefinition (contracts) as of the latest version and publication. */
  definition: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date, Date>;
  updated_at: ColumnType<Date, Date, Date>;
}

/** The tables of migration 0020. */
export interface AssistantsTables {
  rm_assistants: RmAssistantsTable;
}
