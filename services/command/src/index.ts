import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@app/contracts';
import type {
  AllowList,
  AwaitProjected,
  BlobStore,
  Db,
  HealthCheck,
  OutboundClient,
  SecretBox,
  VectorStore,
} from '@app/platform';
import { warnLeftOutTo } from './shared/left-out-warnings';
import { configsUpdateRoute } from './configurations/configs-update';
import { defaultEndpointTestWaitMs, secretRoutesPlugin } from './configurations/secrets';
import { chatService, type ChatServiceOptions } from './chat/chat-service';
import { conversationRoutesPlugin, importRoutesPlugin } from './conversations/index';
import { feedbackRoutesPlugin } from './feedback/index';
import { shareRoutesPlugin } from './shares/index';
import { userSettingsRoutesPlugin } from './user-settings/index';
import { filingRoutesPlugin } from './conversation-filing/index';
import { accountRoutesPlugin } from './accounts/index';
import { embeddingRoutesPlugin } from './embeddings/index';
import { chatRetrieverFor } from './chat/retrieval-wiring';
import { openaiApiRoutes } from './openai-api/index';
import { chatImageReaderFor } from './chat/chat-images-wiring';
import { websiteRoutesPlugin } from './websites/index';
import { apiKeyRoutesPlugin } from './api-keys/index';
import { externalApiRoutesPlugin } from './external-apis/index';
import { assistantGroupPorts, assistantGroupsPlugin } from './assistant-groups/index';
import { opsRoutesPlugin } from './ops/index';
import { assistantsPluginFor, type AssistantsWiring } from './assistants/wiring';
import { integrationsPlugin, type IntegrationProviderEndpoints } from './integrations/index';
import { mcpRoutesPlugin, type McpConnector } from './mcp/index';
import { configAsCodeRoutesPlugin } from './config-as-code/index';
export {
  differenceText,
  exportConfigurationYaml,
  importConfiguration,
  planSection,
  exportSection,
} from './config-as-code/index';
import { revertRoutePlugin } from './configuration-history/index';
export { approvedToolsFor, type ApprovedMcpTool, type McpConnector } from './mcp/index';
export { configsAtFrom, configsAtRoutePlugin } from './configuration-history/index';
import { serverModelsRoutePlugin } from './models/index';
export type { IntegrationProviderEndpoints } from './integrations/index';

export { seedAdmins } from './configurations/seed-admins';
export { handleCommand, type CommandOutcome } from './shared/handle-command';
export { adminsDecider } from './configurations/admins';
export { featureFlagsDecider } from './configurations/feature-flags';
export { amplifyGroupsDecider, type AmplifyGroupsCommand } from './configurations/amplify-groups';
export { supportedModelsDecider } from './configurations/supported-models';
export { defaultModelsDecider } from './configurations/default-models';
export {
  applicationSecretsDecider,
  applicationVariablesDecider,
} from './configurations/application-variables';
export { openaiEndpointsDecider } from './configurations/openai-endpoints';
export { endpointTestDecider, type EndpointTestOutcome } from './configurations/endpoint-test';
export {
  recordEndpointTestResult,
  requestEndpointTest,
  waitForEndpointTestOutcome,
  type EndpointTestWait,
} from './configurations/endpoint-tests';
export { defaultEndpointTestWaitMs } from './configurations/secrets';
export { chatService, type ChatServiceOptions } from './chat/chat-service';
export { conversationStorageFor, userSettingsDecider } from './user-settings/index';
export { conversationDecider } from './conversations/index';
export { createSpendGuard, type SpendGuard, type SpendRequest } from './spend/index';
export { chatStreamsFor, chatStreamRoutes, type ChatStreams } from './chat/streams/index';
export { issueApiKey, deactivateApiKey, rotateApiKey, type IssueApiKeyInput } from './api-keys/index';
export {
  fileDecider,
  fileStateOf,
  NoSuchFileError,
  recordFileProgress,
  recordFileUploaded,
  requestFileUpload,
  terminateFileEmbedding,
  type FileProgressEvent,
  type FileState,
  onBlobUploaded,
} from './files/index';
import { filesPlugin } from './files/index';
import { featureDataRoutesPlugin } from './feature-data/index';
export {
  createEmbedder,
  EmbeddingCallError,
  EmbeddingUnavailableError,
  embeddingUnavailableReasons,
  embeddingModelFor,
  embeddingsCallUrl,
  type Embedder,
  type EmbeddingSession,
} from './documents/index';
export { endpointKeyHeaders, providerKindOf } from './models/index';
export {
  extractSitemapUrls,
  fetchWebsiteFile,
  rescanWebsite,
  WebsiteFetchError,
  type RescanOutcome,
  type WebsiteFetchOutcome,
  type WebsiteServices,
} from './websites/index';
import { markProjected } from './shared/projected-answer';

export interface CommandServiceOptions {
  db: Db;
  /** Seals secret values before they are decided; opens them for reveals. */
  secrets: SecretBox;
  /**
   * The model client's OUTBOUND_ALLOW: an OpenAi Endpoints endpoint on a loopback or private address
   * it lists may be saved without a key (a keyless OpenAI-compatible server). None when absent.
   */
  outboundAllow?: AllowList;
  /** How long POST /api/admin/testEndpoint waits for the workers' outcome. */
  endpointTestWaitMs?: number;
  /**
   * The job queue's health (the workers' `queueHealth`, or `redisHealthCheck(REDIS_URL)` in a process
   * of its own): while it is down an endpoint test answers at once that the queue is unavailable.
   */
  jobQueue?: HealthCheck;
  /**
   * Read-your-writes: when the projections run in this process, a save answers once its events are
   * in the read models and their `/live` pushes are sent (bounded by `projectionWaitMs`).
   */
  awaitProjected?: AwaitProjected;
  /** The chat relay (POST /api/chat), registered when given: its ports and the outbound client. */
  chat?: Omit<ChatServiceOptions, 'db' | 'secrets'>;
  /** Documents: the `/api/files` and `/files` routes are registered when given. */
  documents?: { blobs: BlobStore; vectors?: VectorStore; storageQuotaBytes?: number };
  /** Websites (POST /assistant/extract_sitemap_urls, /api/websites/add), registered when given: the guarded client. */
  websites?: { outbound: OutboundClient };
  /**
   * The guarded client for every address a user or an admin types (op URLs, external APIs, OAuth
   * endpoints, like websites): public addresses only unless WEBSITE_FETCH_ALLOW names them. Never the
   * chat client, which may reach a model on loopback.
   */
  userUrls?: OutboundClient;
  /** Assistants (always registered): a test's path-term check, assistant groups (F). */
  assistants?: AssistantsWiring;
  /**
   * Integrations (registered with `userUrls`): the providers' endpoints ONLY when the platform's
   * configuration overrides them (tests' local provider), and the client the codes are exchanged
   * through when it is not `userUrls` (a test's client trusting its provider's certificate).
   */
  integrations?: {
    endpoints?: IntegrationProviderEndpoints;
    outbound?: OutboundClient;
  };
  /** MCP servers (the Ops tab's routes, registered when given): the guarded client on MCP_ALLOW, and MCP_ALLOW. */
  mcp?: McpConnector;
}

const answerAtOnce: AwaitProjected = () => Promise.resolve(false);

/** The command service: every route that accepts a command. Needs the identity plugin registered first. */
export const commandService =
  (opts: CommandServiceOptions): FastifyPluginAsync =>
  async (app) => {
    warnLeftOutTo(app.log);
    markProjected(app);
    if (opts.jobQueue) app.health.add(opts.jobQueue);
    await app.register(accountRoutesPlugin(opts.db));
    await app.register(
      configsUpdateRoute(
        opts.db,
        routes.configsUpdate,
        opts.secrets,
        opts.awaitProjected,
        opts.outboundAllow,
      ),
    );
    await app.register(
      configAsCodeRoutesPlugin({
        db: opts.db,
        secrets: opts.secrets,
        ...(opts.outboundAllow ? { endpointAllow: opts.outboundAllow } : {}),
      }),
    );
    await app.register(
      secretRoutesPlugin({
        db: opts.db,
        secrets: opts.secrets,
        endpointTestWaitMs: opts.endpointTestWaitMs ?? defaultEndpointTestWaitMs,
        ...(opts.outboundAllow ? { outboundAllow: opts.outboundAllow } : {}),
        ...(opts.jobQueue ? { jobQueue: opts.jobQueue } : {}),
      }),
    );
    const awaitProjected = opts.awaitProjected ?? answerAtOnce;
    await app.register(conversationRoutesPlugin({ db: opts.db, awaitProjected }));
    await app.register(importRoutesPlugin({ db: opts.db, awaitProjected, secrets: opts.secrets }));
    await app.register(feedbackRoutesPlugin({ db: opts.db, awaitProjected }));
    await app.register(shareRoutesPlugin({ db: opts.db, awaitProjected, secrets: opts.secrets }));
    await app.register(userSettingsRoutesPlugin({ db: opts.db, awaitProjected }));
    await app.register(filingRoutesPlugin({ db: opts.db, awaitProjected }));
    await app.register(embeddingRoutesPlugin({ db: opts.db }));
    await app.register(apiKeyRoutesPlugin({ db: opts.db }));
    const integrationsOutbound = opts.integrations?.outbound ?? opts.userUrls;
    if (integrationsOutbound)
      await app.register(
        integrationsPlugin({
          db: opts.db,
          secrets: opts.secrets,
          awaitProjected,
          outbound: integrationsOutbound,
          ...(opts.integrations?.endpoints ? { endpoints: opts.integrations.endpoints } : {}),
        }),
      );
    await app.register(
      externalApiRoutesPlugin({
        db: opts.db,
        secrets: opts.secrets,
        awaitProjected,
        ...(opts.userUrls ? { userUrls: opts.userUrls } : {}),
      }),
    );
    await app.register(assistantGroupsPlugin({ db: opts.db, awaitProjected }));
    await app.register(
      revertRoutePlugin({
        db: opts.db,
        secrets: opts.secrets,
        awaitProjected,
        endpointAllow: opts.outboundAllow,
      }),
    );
    if (opts.mcp)
      await app.register(
        mcpRoutesPlugin({ db: opts.db, secrets: opts.secrets, awaitProjected, connector: opts.mcp }),
      );
    if (opts.documents) await app.register(filesPlugin({ ...opts.documents, db: opts.db, awaitProjected }));
    if (opts.documents)
      await app.register(
        featureDataRoutesPlugin({ db: opts.db, blobs: opts.documents.blobs, awaitProjected }),
      );
    await app.register(
      opsRoutesPlugin({ db: opts.db, awaitProjected, ...(opts.userUrls ? { userUrls: opts.userUrls } : {}) }),
    );
    if (opts.websites)
      await app.register(
        websiteRoutesPlugin({
          db: opts.db,
          outbound: opts.websites.outbound,
          ...(opts.documents?.storageQuotaBytes === undefined
            ? {}
            : { storageQuotaBytes: opts.documents.storageQuotaBytes }),
        }),
      );
    await app.register(
      assistantsPluginFor({
        db: opts.db,
        secrets: opts.secrets,
        awaitProjected,
        ...(opts.chat ? { modelClient: opts.chat.outbound } : {}),
        ...(opts.websites && opts.documents
          ? { websites: { outbound: opts.websites.outbound, blobs: opts.documents.blobs } }
          : {}),
        wiring: { groups: assistantGroupPorts, ...opts.assistants },
        onError: (e) =>
          app.log.warn({ err: e }, 'assistant path check: the model failed, the filter decided'),
      }),
    );
    // 'Add models from a server' lists a server's models through the admins' model client.
    if (opts.chat) await app.register(serverModelsRoutePlugin({ outbound: opts.chat.outbound }));
    if (opts.chat) {
      // Chat retrieves passages of the caller's documents once the vector store is given.
      const vectors = opts.documents?.vectors;
      const retrieval =
        opts.chat.retrieval ??
        (vectors
          ? chatRetrieverFor(
              { db: opts.db, secrets: opts.secrets, outbound: opts.chat.outbound, vectors },
              (e) => app.log.warn({ err: e }, 'chat retrieval failed: answering without sources'),
            )
          : undefined);
      await app.register(
        chatService(
          {
            db: opts.db,
            secrets: opts.secrets,
            ...opts.chat,
            ...(retrieval ? { retrieval } : {}),
            ...(opts.userUrls ? { userUrls: opts.userUrls } : {}),
            ...(opts.mcp ? { mcp: opts.mcp } : {}),
            ...(opts.documents
              ? { images: chatImageReaderFor({ db: opts.db, blobs: opts.documents.blobs }) }
              : {}),
          },
          [openaiApiRoutes],
        ),
      );
    }
  };
export { expireConversations, currentRetention, type ExpiryRun } from './retention/index';
