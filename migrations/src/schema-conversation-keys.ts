import type { ColumnType } from 'kysely';

/** The data key a cloud conversation's text is sealed under (migration 0030); dropped with its key on delete. */
export interface ConversationKeysTable {
  owner: string;
  conversation_id: string;
  data_key_id: string;
  created_at: ColumnType<Date, never, never>;
}

export interface ConversationKeysTables {
  conversation_keys: ConversationKeysTable;
}
