import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { FilesTables } from './schema-files';
import type { DocumentChunksTables } from './schema-document-chunks';
import type { FeatureDataTables } from './schema-feature-data';
import type { EmbeddingQueueTables } from './schema-embedding-queue';
import type { AssistantGroupsTables } from './schema-assistant-groups';
import type { IntegrationsTables } from './schema-integrations';
import type { AssistantsTables } from './schema-assistants';
import type { ApiKeysTables } from './schema-api-keys';
import type { ChatTables } from './schema-chat';
import type { ConversationKeysTables } from './schema-conversation-keys';
import type { RateLimitsTables } from './schema-rate-limits';
import type { SharesTables } from './schema-shares';
import type { McpTables } from './schema-mcp';
import type { FilingTables } from './schema-filing';
import type { AdminHistoryTables } from './schema-admin-history';
import type { UsageTables } from './schema-usage';

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
  /** sha256 of (method, route, canonical body) of the request that ran it; null for the platform's own commands. */
  request_hash: ColumnType<string | null, string | null | undefined, string | null>;
  recorded_at: ColumnType<Date, never, never>;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  email: string;
  method: string;
  ip: string;
  user_agent: string;
  created_at: ColumnType<Date, never, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  idle_expires_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  ended_reason: string | null;
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

export interface RmModelsTable {
  id: string;
  name: string;
  provider: string;
  description: string;
  system_prompt: string;
  input_context_window: number;
  output_token_limit: number;
  input_token_cost: number;
  output_token_cost: number;
  cached_token_cost: number;
  supports_images: boolean;
  supports_reasoning: boolean;
  supports_system_prompts: boolean;
  is_available: boolean;
  is_built_in: boolean;
  exclusive_group_availability: JSONColumnType<string[], string, string>;
  changed_by: string;
  changed_at: Date;
}

/** One row per default model slot that is set; an unset slot has no row. */
export interface RmDefaultModelsTable {
  key: string;
  model_id: string;
  changed_by: string;
  changed_at: Date;
}

/** One row per single-value card of the Configurations tab (Support Email, Chat Rate Limit...). */
export interface RmConfigValuesTable {
  section: string;
  value: ColumnType<unknown, string, string>;
  changed_by: string;
  changed_at: Date;
}

/** Amplify groups; `include_from_other_groups` is null for a system group. */
export interface RmAmplifyGroupsTable {
  group_name: string;
  members: JSONColumnType<string[], string, string>;
  created_by: string;
  include_from_other_groups: JSONColumnType<string[] | null, string | null, string | null>;
  is_billing_group: boolean;
  rate_limit: JSONColumnType<{ period: string; rate: number | null }, string, string>;
  changed_by: string;
  changed_at: Date;
}

/** Application variables and secrets; `value` is a sealed secret (contracts' SealedSecret), never the value. */
export interface RmNamedValuesTable {
  name: string;
  value: ColumnType<unknown, string, string>;
  last4: string;
  changed_by: string;
  changed_at: Date;
}

export interface RmOpenAiModelsTable {
  name: string;
  position: string;
  changed_by: string;
  changed_at: Date;
}

/**
 * `key` (and `url_secret`, for a url with credentials: `url` is then masked) are sealed secrets; an
 * endpoint is known by (model, url, key_fingerprint, url_fingerprint).
 */
export interface RmOpenAiEndpointsTable {
  model: string;
  url: string;
  key_fingerprint: string;
  key: ColumnType<unknown, string, string>;
  url_fingerprint: ColumnType<string, string | undefined, string>;
  url_secret: ColumnType<unknown, string | null | undefined, string | null>;
  last4: string;
  position: string;
  added_by: string;
  added_at: Date;
}

export interface RmEndpointTestsTable {
  test_id: string;
  url: string;
  model: string | null;
  status: string;
  message: string | null;
  reason: string | null;
  requested_by: string;
  requested_at: Date;
  finished_at: Date | null;
}

/** A data key of one sealed value, wrapped under the master key; wrapped_key null once destroyed (shredded). */
export interface DataKeysTable {
  id: string;
  wrapped_key: string | null;
  master_key_id: string;
  created_at: ColumnType<Date, never, never>;
  destroyed_at: Date | null;
}

/** One row: the id (a digest) of the master key every live data key is wrapped under. */
export interface SecretMasterKeyTable {
  id: ColumnType<number, number | undefined, never>;
  key_id: string;
  changed_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ProjectionParksTable {
  projection: string;
  transaction_id: string;
  global_position: string;
  stream_id: string;
  event_type: string;
  error: string;
  attempts: number;
  parked: Generated<boolean>;
  /** The follower went on past it (a lasting failure); else it holds the follower before it. */
  set_aside: Generated<boolean>;
  first_failed_at: Generated<Date>;
  last_failed_at: Generated<Date>;
  next_attempt_at: Date;
}

export interface LiveChangesTable {
  seq: Generated<string>;
  read_model: string;
  ids: ColumnType<string[], string, string>;
  position: string;
  actor: string;
  recorded_at: Generated<Date>;
}

/** A decider's state of one stream at `version` (migration 0010); `state` is json, keys in fold order. */
export interface SnapshotsTable {
  stream_id: string;
  version: number;
  shape: string;
  state: ColumnType<unknown, string, string>;
  taken_at: ColumnType<Date, Date | undefined, Date>;
}

export interface Database
  extends
    FilesTables,
    DocumentChunksTables,
    FeatureDataTables,
    EmbeddingQueueTables,
    ApiKeysTables,
    AssistantsTables,
    IntegrationsTables,
    AssistantGroupsTables,
    ChatTables,
    ConversationKeysTables,
    SharesTables,
    McpTables,
    FilingTables,
    AdminHistoryTables,
    UsageTables,
    RateLimitsTables {
  events: EventsTable;
  command_results: CommandResultsTable;
  checkpoints: CheckpointsTable;
  projection_parks: ProjectionParksTable;
  live_changes: LiveChangesTable;
  sessions: SessionsTable;
  rm_admins: RmAdminsTable;
  rm_feature_flags: RmFeatureFlagsTable;
  rm_sections: RmSectionsTable;
  rm_config_values: RmConfigValuesTable;
  rm_amplify_groups: RmAmplifyGroupsTable;
  rm_models: RmModelsTable;
  rm_default_models: RmDefaultModelsTable;
  rm_application_variables: RmNamedValuesTable;
  rm_application_secrets: RmNamedValuesTable;
  rm_openai_models: RmOpenAiModelsTable;
  rm_openai_endpoints: RmOpenAiEndpointsTable;
  rm_endpoint_tests: RmEndpointTestsTable;
  data_keys: DataKeysTable;
  secret_master_key: SecretMasterKeyTable;
  snapshots: SnapshotsTable;
}
