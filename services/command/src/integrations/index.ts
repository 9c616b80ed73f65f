import type { FastifyPluginAsync } from 'fastify';
import type { AwaitProjected, Db, OutboundClient, SecretBox } from '@app/platform';
import { integrationAdminRoutes } from './admin-routes';
import { integrationCallbackRoutes } from './callback-routes';
import type { IntegrationProviderEndpoints } from './oauth-flow';
import { integrationUserRoutes } from './user-routes';

export { integrationSettingsDecider, type IntegrationSettings } from './settings-decider';
export { integrationConnectionsDecider } from './connections-decider';
export type { IntegrationProviderEndpoints } from './oauth-flow';

export interface IntegrationOptions {
  db: Db;
  secrets: SecretBox;
  awaitProjected: AwaitProjected;
  /** The guarded client the codes are exchanged through (the command service's `userUrls`). */
  outbound: OutboundClient;
  /** The providers' endpoints when the platform's configuration overrides them (tests); else the real ones. */
  endpoints?: IntegrationProviderEndpoints;
}

/**
 * Integrations: the admins' secrets and supported items, the users' connections through
 * an OAuth 2.0 authorization code flow with PKCE. No provider's files are read yet.
 */
export const integrationsPlugin =
  (opts: IntegrationOptions): FastifyPluginAsync =>
  async (app) => {
    const endpoints = opts.endpoints ?? {};
    await app.register(integrationAdminRoutes(opts));
    await app.register(integrationUserRoutes({ ...opts, endpoints }));
    await app.register(integrationCallbackRoutes({ ...opts, endpoints }));
  };
