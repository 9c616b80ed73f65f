import type { JSONColumnType } from 'kysely';

/** The assistant admin groups (migration 0023). */
export interface RmAssistantGroupsTable {
  group_id: string;
  group_name: string;
  created_by: string;
  created_at: Date;
  is_amplify_assistants: boolean;
  is_public: boolean;
  support_conv_analysis: boolean;
  track_conversations: boolean;
  members: JSONColumnType<string[], string, string>;
  amplify_groups: JSONColumnType<string[], string, string>;
  assistants: JSONColumnType<{ assistantId: string; name: string; builtIn: boolean }[], string, string>;
  api_key_id: string | null;
}

/** The external API definitions as answered: credentials as masks only (migration 0023). */
export interface RmExternalApisTable {
  id: string;
  name: string;
  definition: JSONColumnType<Record<string, unknown>, string, string>;
  updated_by: string;
  updated_at: Date;
}

/** The tables of migration 0023. */
export interface AssistantGroupsTables {
  rm_assistant_groups: RmAssistantGroupsTable;
  rm_external_apis: RmExternalApisTable;
}
