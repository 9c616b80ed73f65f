import type { FastifyPluginAsync } from 'fastify';
import { adminHistoryRoute } from './admin-history';
import { amplifyGroupsList } from './amplify-groups-list';
import { assistantGroupsRoute } from './assistant-groups';
import { availableModelsRouteFor } from './available-models';
import { configsRoute } from './configs';
import {
  conversationMessagesRoute,
  conversationRatingsRoute,
  conversationSearchRoute,
  conversationsRoute,
} from './conversations';
import { conversationExportRoute, conversationsExportRoute } from './conversation-export';
import { embeddingQueueRoute } from './embeddings';
import { endpointTestsRoute } from './endpoint-tests';
import { eventsRoute } from './events';
import { externalApisRoute } from './external-apis';
import { mcpServersRoute } from './mcp-servers';
import { mcpUserToolsRoute } from './mcp-user-tools';
import { pptxTemplatesRoute } from './feature-data';
import { featureFlagsRoute } from './feature-flags';
import { fileQueryRoute, fileTagsRoute } from './files';
import { projectionsRoute } from './projections';
import type { ReadContext, ReadRoute } from './read-route';
import { sharesRoute } from './shares';
import { adminUsageRoute, ownUsageRoute } from './usage';
import { spendRouteFor } from './spend';
import { userAppConfigsRouteFor } from './user-app-configs';
import { userSettingsRoute } from './user-settings';
import { conversationFilingRoute } from './conversation-filing';

export type { ReadContext } from './read-route';

/** Every read route of the query service. */
export const readRoutes: readonly ReadRoute[] = [
  configsRoute,
  featureFlagsRoute,
  availableModelsRouteFor,
  eventsRoute,
  projectionsRoute,
  endpointTestsRoute,
  amplifyGroupsList,
  spendRouteFor,
  conversationsRoute,
  conversationMessagesRoute,
  conversationRatingsRoute,
  conversationSearchRoute,
  conversationExportRoute,
  conversationsExportRoute,
  userSettingsRoute,
  conversationFilingRoute,
  fileQueryRoute,
  fileTagsRoute,
  userAppConfigsRouteFor,
  pptxTemplatesRoute,
  embeddingQueueRoute,
  externalApisRoute,
  mcpServersRoute,
  mcpUserToolsRoute,
  assistantGroupsRoute,
  sharesRoute,
  adminUsageRoute,
  ownUsageRoute,
  adminHistoryRoute,
];

/** The read routes as one plugin (each needs the identity plugin registered first). */
export const servedReads =
  (ctx: ReadContext): FastifyPluginAsync =>
  async (app) => {
    for (const route of readRoutes) route(app, ctx);
  };
