import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001_event_log';
import * as m0002 from './0002_admin_read_models';
import * as m0003 from './0003_config_values_and_groups';
import * as m0004 from './0004_models';
import * as m0005 from './0005_secrets_and_endpoints';
import * as m0006 from './0006_sessions';
import * as m0007 from './0007_data_keys';
import * as m0008 from './0008_command_request_hash';
import * as m0009 from './0009_append_function';
import * as m0010 from './0010_snapshots';
import * as m0011 from './0011_projection_health';
import * as m0012 from './0012_chat_streams';
import * as m0013 from './0013_spend';
import * as m0014 from './0014_conversations';
import * as m0015 from './0015_files';
import * as m0016 from './0016_document_chunks';
import * as m0017 from './0017_feature_data';
import * as m0018 from './0018_embedding_queue';
import * as m0019 from './0019_api_keys';
import * as m0020 from './0020_assistants';
import * as m0021 from './0021_ops';
import * as m0022 from './0022_integrations';
import * as m0023 from './0023_assistant_groups';
import * as m0024 from './0024_rate_limits';
import * as m0025 from './0025_projection_set_aside';
import * as m0026 from './0026_chat_message_images';
import * as m0027 from './0027_conversation_versions';
import * as m0028 from './0028_conversation_settings';
import * as m0029 from './0029_answer_ratings';
import * as m0030ck from './0030_conversation_keys';
import * as m0031cs from './0031_conversation_search';
import * as m0032tu from './0032_conversation_turn_usage';
import * as m0033sh from './0033_conversation_shares';
import * as m0034cf from './0034_conversation_filing';
import * as m0035mcp from './0035_mcp_servers';
import * as m0037ah from './0037_admin_history';
import * as m0038sr from './0038_spend_reserve_function';
import * as m0039ts from './0039_conversation_turn_siblings';
import * as m0040sm from './0040_spend_reserve_many';
import * as m0041sh from './0041_spend_reserve_same_hour';
import * as m0036ur from './0036_usage_rollups';

export type { Database } from './schema';
export type * from './schema';
export type * from './schema-files';
export type * from './schema-document-chunks';
export type * from './schema-feature-data';
export type * from './schema-embedding-queue';
export type * from './schema-assistant-groups';
export type * from './schema-integrations';
export type * from './schema-assistants';
export type * from './schema-api-keys';
export type * from './schema-chat';
export type * from './schema-rate-limits';

/** Ordered, forward-only. Add a file, then list it here. */
const migrations: Record<string, Migration> = {
  '0001_event_log': m0001,
  '0002_admin_read_models': m0002,
  '0003_config_values_and_groups': m0003,
  '0004_models': m0004,
  '0005_secrets_and_endpoints': m0005,
  '0006_sessions': m0006,
  '0007_data_keys': m0007,
  '0008_command_request_hash': m0008,
  '0009_append_function': m0009,
  '0010_snapshots': m0010,
  '0011_projection_health': m0011,
  '0012_chat_streams': m0012,
  '0013_spend': m0013,
  '0014_conversations': m0014,
  '0015_files': m0015,
  '0016_document_chunks': m0016,
  '0017_feature_data': m0017,
  '0018_embedding_queue': m0018,
  '0019_api_keys': m0019,
  '0020_assistants': m0020,
  '0021_ops': m0021,
  '0022_integrations': m0022,
  '0023_assistant_groups': m0023,
  '0024_rate_limits': m0024,
  '0025_projection_set_aside': m0025,
  '0026_chat_message_images': m0026,
  '0027_conversation_versions': m0027,
  '0028_conversation_settings': m0028,
  '0029_answer_ratings': m0029,
  '0030_conversation_keys': m0030ck,
  '0031_conversation_search': m0031cs,
  '0032_conversation_turn_usage': m0032tu,
  '0033_conversation_shares': m0033sh,
  '0034_conversation_filing': m0034cf,
  '0035_mcp_servers': m0035mcp,
  '0037_admin_history': m0037ah,
  '0036_usage_rollups': m0036ur,
  '0038_spend_reserve_function': m0038sr,
  '0039_conversation_turn_siblings': m0039ts,
  '0040_spend_reserve_many': m0040sm,
  '0041_spend_reserve_same_hour': m0041sh,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

export type AnyDb = Kysely<unknown>;
