import { z } from 'zod';
import { SealedSecret } from '../admin/sealed-secret';
import { normaliseEmail } from '../email';
import { IntegrationId, IntegrationProviderSchema } from './integration-http';

/** The admins' side of integrations: one stream for both providers. */
export const integrationSettingsStreamId = 'integrationSettings';

/** A user's connections. */
export const integrationConnectionsStreamId = (email: string) =>
  `integrationConnections-${normaliseEmail(email)}`;

export const IntegrationSecretsRegistered = z.object({
  type: z.literal('IntegrationSecretsRegistered'),
  data: z.object({
    provider: IntegrationProviderSchema,
    clientId: z.string(),
    /** Sealed: never the value. */
    clientSecret: SealedSecret,
    tenantId: z.string(),
  }),
});

export const IntegrationSupportChanged = z.object({
  type: z.literal('IntegrationSupportChanged'),
  data: z.object({ integration: IntegrationId, isAvailable: z.boolean() }),
});

export const IntegrationSettingsEvent = z.discriminatedUnion('type', [
  IntegrationSecretsRegistered,
  IntegrationSupportChanged,
]);
export type IntegrationSettingsEvent = z.infer<typeof IntegrationSettingsEvent>;

/** The tokens themselves are sealed in the `integration_tokens` table, never in an event. */
export const IntegrationConnected = z.object({
  type: z.literal('IntegrationConnected'),
  data: z.object({
    integration: IntegrationId,
    scopes: z.array(z.string()),
    /** When the access token expires, when the provider said. */
    expiresAt: z.string().nullable(),
    hasRefreshToken: z.boolean(),
  }),
});

export const IntegrationDisconnected = z.object({
  type: z.literal('IntegrationDisconnected'),
  data: z.object({ integration: IntegrationId }),
});

export const IntegrationConnectionEvent = z.discriminatedUnion('type', [
  IntegrationConnected,
  IntegrationDisconnected,
]);
export type IntegrationConnectionEvent = z.infer<typeof IntegrationConnectionEvent>;
