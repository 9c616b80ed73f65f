import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminIntegrationsResponse,
  errorResponses,
  integrationMessages,
  integrationNamed,
  integrationProviders,
  integrationRoutes,
  integrationSettingsStreamId,
  integrationsOf,
  IntegrationChangeResponse,
  isMask,
  maskOf,
  providerLabels,
  RegisterSecretRequest,
  SupportRequest,
  type AdminProvider,
} from '@app/contracts';
import { DomainError, type AwaitProjected, type Db, type SecretBox } from '@app/platform';
import { handleCommand } from '../shared/handle-command';
import { runCommand } from '../shared/command-route';
import { loadState } from '../shared/stream-state';
import { runRequestCommand } from '../shared/command-step';
import { hasSecrets, integrationSettingsDecider, type IntegrationSettings } from './settings-decider';

export interface IntegrationAdminOptions {
  db: Db;
  secrets: SecretBox;
  awaitProjected: AwaitProjected;
}

export const loadIntegrationSettings = async (db: Db): Promise<IntegrationSettings> =>
  (await loadState(db, integrationSettingsDecider, integrationSettingsStreamId)).state;

/** What the admin tab shows of the settings: every item, each provider's secret as its mask. */
export const adminView = (settings: IntegrationSettings): AdminProvider[] =>
  integrationProviders.map((provider) => {
    const secrets = settings.providers[provider];
    return {
      provider,
      label: providerLabels[provider],
      client_id: secrets?.clientId ?? '',
      client_secret: secrets ? maskOf(secrets.clientSecret.last4) : '',
      tenant_id: secrets?.tenantId ?? '',
      hasSecrets: hasSecrets(settings, provider),
      items: integrationsOf(provider).map((item) => ({
        id: item.id,
        name: item.name,
        description: item.description,
        icon: item.icon,
        isAvailable: settings.supported.includes(item.id),
      })),
    };
  });

/**
 * The Integrations tab (admins): the providers' secrets (the client secret answered only as its
 * mask; a mask sent back keeps the registered value), Register Integration, Support / Remove Support.
 */
export const integrationAdminRoutes =
  (opts: IntegrationAdminOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const step = { decider: integrationSettingsDecider, streamId: integrationSettingsStreamId };

    routes.get(
      integrationRoutes.adminList,
      {
        preValidation: app.requireAdmin,
        schema: {
          description:
            "The integration providers' secrets (client secret masked) and every item, supported or not.",
          response: { ...errorResponses, 200: AdminIntegrationsResponse },
        },
      },
      async () => {
        const answer: AdminIntegrationsResponse = {
          success: true,
          data: adminView(await loadIntegrationSettings(opts.db)),
        };
        return answer;
      },
    );

    routes.post(
      integrationRoutes.registerSecret,
      {
        preValidation: app.requireAdmin,
        schema: {
          description:
            "Registers a provider's client id, client secret (sealed; the mask keeps the registered one) and tenant id.",
          body: RegisterSecretRequest,
          response: { ...errorResponses, 200: IntegrationChangeResponse },
        },
      },
      async (request) => {
        const body = request.body;
        const current = (await loadIntegrationSettings(opts.db)).providers[body.integration];
        const keepSecret = isMask(body.client_secret);
        if (keepSecret && !current) throw new DomainError(integrationMessages.clientSecretRequired);
        // Sealed in the command's transaction: the data key commits with the event; the replaced
        // secret's key is destroyed in the same transaction (shredded).
        const { result } = await runCommand(
          request,
          opts,
          'registerIntegrationSecrets',
          async (trx, { metadata }) => {
            const keyring = opts.secrets.keyring(trx);
            const clientSecret =
              keepSecret && current ? current.clientSecret : await keyring.seal(body.client_secret);
            const outcome = await handleCommand(
              trx,
              integrationSettingsDecider,
              integrationSettingsStreamId,
              {
                type: 'RegisterIntegrationSecrets',
                data: {
                  provider: body.integration,
                  clientId: body.client_id,
                  clientSecret,
                  tenantId: body.tenant_id,
                },
              },
              { metadata },
            );
            if (current && outcome.eventCount > 0)
              await keyring.shred([current.clientSecret], [clientSecret]);
            if (outcome.eventCount === 0 && clientSecret !== current?.clientSecret)
              await keyring.shred([clientSecret], current ? [current.clientSecret] : []);
            return outcome;
          },
          (outcome) => outcome,
        );
        const answer: IntegrationChangeResponse = {
          success: true,
          message: integrationMessages.registered,
          position: result.position,
        };
        return answer;
      },
    );

    routes.post(
      integrationRoutes.support,
      {
        preValidation: app.requireAdmin,
        schema: {
          description: 'Supports an integration item (users may connect it) or removes its support.',
          body: SupportRequest,
          response: { ...errorResponses, 200: IntegrationChangeResponse },
        },
      },
      async (request) => {
        const { integration, isAvailable } = request.body;
        const { result } = await runRequestCommand(opts, request, {
          ...step,
          name: 'changeIntegrationSupport',
          command: { type: 'ChangeIntegrationSupport', data: { integration, isAvailable } },
        });
        const answer: IntegrationChangeResponse = {
          success: true,
          message: integrationMessages.supportChanged(
            integrationNamed(integration)?.name ?? integration,
            isAvailable,
          ),
          position: result.position,
        };
        return answer;
      },
    );
  };
