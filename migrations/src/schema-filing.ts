import type { ColumnType, Generated } from 'kysely';

/** A folder of a user's conversations (migration 0034, projection `conversationFiling`). */
export interface RmConversationFoldersTable {
  owner: string;
  folder_id: string;
  name: string;
  created_at: Date;
}

/** One conversation's filing: its folder, pinned or not, its tags (a JSON list of strings). */
export interface RmConversationFilingTable {
  owner: string;
  conversation_id: string;
  folder_id: string | null;
  pinned: Generated<boolean>;
  tags: ColumnType<string[], string | undefined, string>;
}

export interface FilingTables {
  rm_conversation_folders: RmConversationFoldersTable;
  rm_conversation_filing: RmConversationFilingTable;
}
