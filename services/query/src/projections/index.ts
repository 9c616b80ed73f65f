import { adminsProjection } from './admins';
import { featureFlagsProjection } from './feature-flags';
import { sectionsProjection } from './sections';
import { supportedModelsProjection } from './supported-models';
import { defaultModelsProjection } from './default-models';
import { configValueProjections } from './config-values';
import { amplifyGroupsProjection } from './amplify-groups';
import { applicationSecretsProjection, applicationVariablesProjection } from './application-variables';
import { openaiEndpointsProjection } from './openai-endpoints';
import { endpointTestsProjection } from './endpoint-tests';
import { spendAccountsProjection, spendTotalsProjection } from './spend';
import { conversationsProjection } from './conversations';
import { userSettingsProjection } from './user-settings';
import { conversationFilingProjection } from './conversation-filing';
import { filesProjection } from './files';
import { embeddingQueueProjection } from './embedding-queue';
import { featureDataProjection } from './feature-data';
import { externalApisProjection } from './external-apis';
import { mcpServersProjection } from './mcp-servers';
import { assistantGroupsProjection } from './assistant-groups';
import { assistantsProjection } from './assistants';
import { sharesProjection } from './shares';
import { usageRollupsProjection } from './usage-rollups';
import { adminHistoryProjection } from './admin-history';
import type { Projection } from './projection';

export type { Projection };
export const allProjections: readonly Projection[] = [
  adminsProjection,
  featureFlagsProjection,
  sectionsProjection,
  ...configValueProjections,
  amplifyGroupsProjection,
  supportedModelsProjection,
  defaultModelsProjection,
  applicationVariablesProjection,
  applicationSecretsProjection,
  openaiEndpointsProjection,
  endpointTestsProjection,
  spendTotalsProjection,
  spendAccountsProjection,
  conversationsProjection,
  userSettingsProjection,
  conversationFilingProjection,
  filesProjection,
  featureDataProjection,
  embeddingQueueProjection,
  assistantsProjection,
  externalApisProjection,
  mcpServersProjection,
  assistantGroupsProjection,
  sharesProjection,
  usageRollupsProjection,
  adminHistoryProjection,
];
