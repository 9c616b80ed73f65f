import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoryIntegrationsPath,
  CategoryIntegrationsResponse,
  ErrorResponse,
  errorResponses,
  integrationConnectionsStreamId,
  IntegrationChangeResponse,
  integrationMessages,
  integrationNamed,
  integrationProviders,
  IntegrationRequest,
  integrationRoutes,
  integrationsOf,
  StartAuthRequest,
  StartAuthResponse,
  SupportedIntegrationsResponse,
  UserIntegrationsResponse,
  type IntegrationItem,
  type IntegrationProvider,
} from '@app/contracts';
import { DomainError, inTransaction, type AwaitProjected, type Db, type SecretBox } from '@app/platform';
import { handleCommand } from '../shared/handle-command';
import { loadState } from '../shared/stream-state';
import { runCommand } from '../shared/command-route';
import { loadIntegrationSettings } from './admin-routes';
import { integrationConnectionsDecider } from './connections-decider';
import {
  authorizationUrl,
  endpointsOf,
  newState,
  pkcePair,
  type IntegrationProviderEndpoints,
} from './oauth-flow';
import { keepPendingAuthorization, shredTokens } from './oauth-store';
import { isAvailable, type IntegrationSettings } from './settings-decider';

export interface IntegrationUserOptions {
  db: Db;
  secrets: SecretBox;
  awaitProjected: AwaitProjected;
  endpoints: IntegrationProviderEndpoints;
}

const itemsOf = (settings: IntegrationSettings, provider: IntegrationProvider): IntegrationItem[] =>
  integrationsOf(provider).map((item) => ({
    id: item.id,
    name: item.name,
    description: item.description,
    icon: item.icon,
    isAvailable: isAvailable(settings, item.id),
  }));

export const loadConnections = async (db: Db, email: string): Promise<string[]> =>
  (await loadState(db, integrationConnectionsDecider, integrationConnectionsStreamId(email))).state;

/**
 * The user's Integrations dialog: the items per category, the supported
 * ones, the caller's connections, start-auth (PKCE + state kept server-side; answers the provider's
 * https authorization address), disconnect. Integration files are not available yet (404 with our message).
 */
export const integrationUserRoutes =
  (opts: IntegrationUserOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    for (const provider of integrationProviders) {
      routes.get(
        categoryIntegrationsPath(provider),
        {
          preValidation: app.requireUser,
          schema: {
            description: `The ${provider} integrations, each with whether users may connect it.`,
            response: { ...errorResponses, 200: CategoryIntegrationsResponse },
          },
        },
        async () => {
          const answer: CategoryIntegrationsResponse = {
            success: true,
            data: itemsOf(await loadIntegrationSettings(opts.db), provider),
          };
          return answer;
        },
      );
    }

    routes.get(
      integrationRoutes.listSupported,
      {
        preValidation: app.requireUser,
        schema: {
          description: 'The integrations users may connect, per category (supported, secrets registered).',
          response: { ...errorResponses, 200: SupportedIntegrationsResponse },
        },
      },
      async () => {
        const settings = await loadIntegrationSettings(opts.db);
        const available = (p: IntegrationProvider) => itemsOf(settings, p).filter((i) => i.isAvailable);
        const answer: SupportedIntegrationsResponse = {
          success: true,
          data: { google: available('google'), microsoft: available('microsoft') },
        };
        return answer;
      },
    );

    routes.get(
      integrationRoutes.userList,
      {
        preValidation: app.requireUser,
        schema: {
          description: "The ids of the caller's connected integrations.",
          response: { ...errorResponses, 200: UserIntegrationsResponse },
        },
      },
      async (request) => {
        const connected = await loadConnections(opts.db, request.principal ?? '');
        const answer = { success: true, data: connected } as UserIntegrationsResponse;
        return answer;
      },
    );

    routes.post(
      integrationRoutes.startAuth,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            "Starts connecting an integration: keeps a PKCE verifier and a state (single use, the caller's, 10 minutes) and answers the provider's https authorization address.",
          body: StartAuthRequest,
          response: { ...errorResponses, 200: StartAuthResponse },
        },
      },
      async (request) => {
        const item = integrationNamed(request.body.integration);
        const settings = await loadIntegrationSettings(opts.db);
        const secrets = item ? settings.providers[item.provider] : undefined;
        if (!item || !secrets || !isAvailable(settings, item.id))
          throw new DomainError(integrationMessages.notSupported(item?.name ?? request.body.integration));
        const { verifier, challenge } = pkcePair();
        const state = newState();
        const redirectUri = app.publicAddress(request, integrationRoutes.callback);
        const location = authorizationUrl({
          endpoints: endpointsOf(item.provider, secrets.tenantId, opts.endpoints),
          item,
          clientId: secrets.clientId,
          redirectUri,
          state,
          challenge,
        });
        if (location === null) throw new DomainError(integrationMessages.errorOccurred);
        const userEmail = request.principal ?? '';
        await inTransaction(opts.db, (trx) =>
          keepPendingAuthorization(trx, opts.secrets, {
            state,
            userEmail,
            integration: item.id,
            verifier,
            redirectUri,
          }),
        );
        const answer: StartAuthResponse = { success: true, Location: location };
        return answer;
      },
    );

    routes.post(
      integrationRoutes.userDelete,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            "Disconnects one of the caller's integrations: its tokens are deleted and their key destroyed.",
          body: IntegrationRequest,
          response: { ...errorResponses, 200: IntegrationChangeResponse },
        },
      },
      async (request) => {
        const integration = request.body.integration;
        const { result } = await runCommand(
          request,
          opts,
          'disconnectIntegration',
          async (trx, { actor, metadata }) => {
            const outcome = await handleCommand(
              trx,
              integrationConnectionsDecider,
              integrationConnectionsStreamId(actor.email),
              { type: 'DisconnectIntegration', data: { integration } },
              { metadata },
            );
            await shredTokens(trx, actor.email, integration);
            return outcome;
          },
          (outcome) => outcome,
        );
        const answer: IntegrationChangeResponse = {
          success: true,
          message: `${integrationNamed(integration)?.name ?? integration} was disconnected.`,
          position: result.position,
        };
        return answer;
      },
    );

    for (const path of [integrationRoutes.userFiles, integrationRoutes.userFilesDownload]) {
      routes.post(
        path,
        {
          preValidation: app.requireUser,
          schema: {
            description: 'Not available yet: files of connected integrations are not read by this platform.',
            response: { ...errorResponses, 404: ErrorResponse },
          },
        },
        async (_request, reply) =>
          reply.code(404).send({ success: false, message: integrationMessages.filesNotAvailable }),
      );
    }
  };
