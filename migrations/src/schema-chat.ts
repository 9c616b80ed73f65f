import type { ColumnType, JSONColumnType } from 'kysely';

/** One flushed batch of a chat stream's chunks (migration 0012); `first_id` 0 is the stream's opening row. */
export interface ChatStreamChunksTable {
  request_id: string;
  owner: string;
  first_id: number;
  last_id: number;
  /** json text as written: an array of the contracts' ChatChunk. */
  chunks: ColumnType<unknown, string, never>;
  ended: ColumnType<boolean, boolean | undefined, never>;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

/** A stop published for a chat request, kept minutes for the instances that subscribe late. */
export interface ChatStopsTable {
  request_id: string;
  at: ColumnType<Date, Date | undefined, Date>;
}

/** A conversation of `owner` (migration 0014); `name` null until renamed (a cloud one: its first message). */
export interface RmConversationsTable {
  owner: string;
  conversation_id: string;
  storage: string;
  name: string | null;
  cost: number;
  requests: number;
  updated_at: Date;
  /** The model and assistant of its latest request (migration 0028); null: not known, none. */
  model: ColumnType<string | null, string | null | undefined, string | null>;
  assistant_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its own settings (migration 0028); null until saved. */
  instructions: ColumnType<string | null, string | null | undefined, string | null>;
  temperature: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its name's words (migration 0031): generated from `name`, never written. */
  name_search: ColumnType<string, never, never>;
}

/** Which conversation a chat request belongs to (its end event names only the request). */
export interface RmConversationRequestsTable {
  request_id: string;
  owner: string;
  conversation_id: string;
}

/** A message of a conversation stored in the cloud; in log order by (position, ordinal). */
export interface RmConversationMessagesTable {
  position: string;
  ordinal: number;
  owner: string;
  conversation_id: string;
  request_id: string;
  role: string;
  content: string;
  at: Date;
  /** The images a user message was sent with (migration 0026); null without. */
  images: ColumnType<{ key: string; name?: string }[] | null, string | null | undefined, string | null>;
  /** Its words (migration 0031): generated from `content`, never written. */
  search: ColumnType<string, never, never>;
}

/**
 * A request of a conversation (migration 0027): the request it follows (null: the first turn) and
 * whether it is the version of its turn the user last turned to.
 */
export interface RmConversationTurnsTable {
  request_id: string;
  owner: string;
  conversation_id: string;
  parent_request_id: string | null;
  position: ColumnType<string, string | bigint, string | bigint>;
  chosen: ColumnType<boolean, boolean | undefined, boolean>;
  /** The owner's latest rating of the answer, 'good' or 'bad' (migration 0029); null: not rated. */
  rating: ColumnType<string | null, string | null | undefined, string | null>;
  rating_comment: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its model and assistant, tokens and cost (migration 0032); null: not known (yet). */
  model: ColumnType<string | null, string | null | undefined, string | null>;
  assistant_id: ColumnType<string | null, string | null | undefined, string | null>;
  tokens_in: ColumnType<number | null, number | null | undefined, number | null>;
  tokens_out: ColumnType<number | null, number | null | undefined, number | null>;
  cost: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A user's stored settings: only the fields they set (the contracts' UserSettings fills the rest). */
export interface RmUserSettingsTable {
  email: string;
  settings: ColumnType<Record<string, unknown>, string, string>;
  changed_at: Date;
}

/** Spend per ledger (`scope`: its stream id) and window (migration 0013), in dollars. */
export interface RmSpendTotalsTable {
  scope: string;
  window_key: string;
  settled: number;
  reserved: number;
}

/** A user's accounts (COA) with their limits (migration 0013); `position` 0 is the default account. */
export interface RmSpendAccountsTable {
  email: string;
  account_id: string;
  position: number;
  name: string;
  rate_limit: JSONColumnType<{ period: string; rate: number | null }, string, string>;
}

/** The tables of chat (migrations 0012-0014): streams in flight, stops, spend, conversations, settings. */
export interface ChatTables {
  chat_stream_chunks: ChatStreamChunksTable;
  chat_stops: ChatStopsTable;
  rm_spend_totals: RmSpendTotalsTable;
  rm_spend_accounts: RmSpendAccountsTable;
  rm_conversations: RmConversationsTable;
  rm_conversation_requests: RmConversationRequestsTable;
  rm_conversation_messages: RmConversationMessagesTable;
  rm_conversation_turns: RmConversationTurnsTable;
  rm_user_settings: RmUserSettingsTable;
}
