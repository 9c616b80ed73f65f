import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { integrationIds, integrationProviders } from './catalogue';
import { successBody, successList } from '../success';

/** The integrations' routes. */
export const integrationRoutes = {
  /** POST {integration} → {success, Location}: the provider's authorization address (users). */
  startAuth: '/integrations/oauth/start-auth',
  /** GET → the ids of the caller's connected integrations (users). */
  userList: '/integrations/oauth/user/list',
  /** POST {integration}: disconnects it (users). */
  userDelete: '/integrations/oauth/user/delete',
  /** GET: a category's integration items with isAvailable (users). The path has the category: /google/integrations. */
  categoryIntegrations: '/:category/integrations',
  /** GET → the supported items per provider (users). */
  listSupported: '/integrations/list_supported',
  /** POST {client_id, client_secret, integration (the provider), tenant_id} (admins). */
  registerSecret: '/integrations/oauth/register_secret',
  /** Ours: GET the providers' secrets (masked) and every item (admins). */
  adminList: '/integrations/oauth/secrets/get',
  /** Ours: POST {integration, isAvailable}: Support / Remove Support (admins). */
  support: '/integrations/support',
  /** Ours: where the provider sends the user back (GET ?code&state, or ?error&state). */
  callback: '/integrations/oauth/callback',
  /** Ours: the callback page's script (the CSP allows no inline script); public. */
  closeScript: '/integrations/oauth/close.js',
  /** POST: no provider's files are read yet: answered 404 with our message. */
  userFiles: '/integrations/user/files',
  userFilesDownload: '/integrations/user/files/download',
} as const;

export const categoryIntegrationsPath = (category: string): string =>
  `/${encodeURIComponent(category)}/integrations`;

/** The integrations' messages, shown to users word for word. */
export const integrationMessages = {
  loading: 'Loading integrations...',
  unableToRetrieve: 'Unable to retrieve available integrations at this time. Please try again later.',
  unableToVerify: 'Unable to verify connected integrations at this time. Please try again later.',
  errorOccurred: 'An error occurred. Please try again.',
  registerFailed: 'Unable to register integrations secrets at this time. Please try again later...',
  registered: 'Successfully registered integration secrets',
  /** Ours. */
  filesNotAvailable:
    'Integration files are not available yet: this platform does not read files from connected integrations.',
  unknownIntegration: (id: string) => `There is no integration named ${id}.`,
  notSupported: (name: string) => `${name} is not available. Ask an administrator to support it.`,
  noSecrets: (provider: string) =>
    `${provider} has no client id and secret registered. Register them before supporting its integrations.`,
  supportChanged: (name: string, supported: boolean) =>
    supported ? `${name} is now supported.` : `${name} is no longer supported.`,
  supportFailed: 'Unable to change the integration support at this time. Please try again later...',
  notConnected: (name: string) => `${name} is not connected.`,
  connected: (name: string) => `${name} is connected. You may close this window.`,
  connectFailed: 'The connection did not complete. Please close this window and try again.',
  callbackRefused: 'This sign-in link is not valid any more. Please close this window and try again.',
  secretNotShown: 'The registered Client Secret is not shown again: type a new one to replace it.',
  noneAvailable: 'No integrations are available yet. An administrator supports them in the Admin Interface.',
  tenantIdInvalid:
    'The Tenant ID may only hold letters, digits, dots and hyphens, and must begin with a letter or a digit.',
  clientIdRequired: 'The Client ID is required.',
  clientSecretRequired: 'The Client Secret is required.',
} as const;

export const integrationLimits = {
  clientIdLength: 500,
  clientSecretLength: 2_000,
  tenantIdLength: 100,
  /** How long a started authorization may be completed. */
  stateSeconds: 600,
  /** Authorizations a user may have started and not completed at once. */
  pendingPerUser: 20,
  /** The token endpoint's answer. */
  tokenAnswerBytes: 64 * 1024,
  /** Callback parameters. */
  callbackParamLength: 4_096,
} as const;

export const IntegrationProviderSchema = z.enum(integrationProviders);
export const IntegrationId = z.enum(integrationIds, {
  error: (issue) => `There is no integration named ${String(issue.input).slice(0, 100)}.`,
});

export const IntegrationItem = z.object({
  id: IntegrationId,
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  isAvailable: z.boolean(),
});
export type IntegrationItem = z.infer<typeof IntegrationItem>;

export const StartAuthRequest = z.object({ integration: IntegrationId }).strict();
export const StartAuthResponse = successBody({ Location: z.string() });
export type StartAuthResponse = z.infer<typeof StartAuthResponse>;

export const UserIntegrationsResponse = successList(IntegrationId);
export type UserIntegrationsResponse = z.infer<typeof UserIntegrationsResponse>;

export const IntegrationRequest = z.object({ integration: IntegrationId }).strict();

export const IntegrationChangeResponse = successBody({
  message: z.string(),
  position: z.string(),
});
export type IntegrationChangeResponse = z.infer<typeof IntegrationChangeResponse>;

export const CategoryParams = z.object({ category: IntegrationProviderSchema });

export const CategoryIntegrationsResponse = successList(IntegrationItem);
export type CategoryIntegrationsResponse = z.infer<typeof CategoryIntegrationsResponse>;

export const SupportedIntegrationsResponse = successBody({
  data: z.record(IntegrationProviderSchema, z.array(IntegrationItem)),
});
export type SupportedIntegrationsResponse = z.infer<typeof SupportedIntegrationsResponse>;

/** A tenant id: a GUID, a domain or a keyword ('common', 'organizations'); no path of its own. */
const tenantPattern = /^([A-Za-z0-9][A-Za-z0-9.-]*)?$/;

export const RegisterSecretRequest = z
  .object({
    client_id: boundedString('The Client ID', 500).trim().min(1, integrationMessages.clientIdRequired),
    /** A new value, or the mask the admin was shown (kept as it is). */
    client_secret: boundedString('The Client Secret', 2_000).min(1, integrationMessages.clientSecretRequired),
    integration: IntegrationProviderSchema,
    tenant_id: boundedString('The Tenant ID', 100)
      .trim()
      .regex(tenantPattern, integrationMessages.tenantIdInvalid)
      .default(''),
  })
  .strict();
export type RegisterSecretRequest = z.infer<typeof RegisterSecretRequest>;

export const SupportRequest = z.object({ integration: IntegrationId, isAvailable: z.boolean() }).strict();

/** A provider as the admin tab shows it: the secret masked, never in clear. */
export const AdminProvider = z.object({
  provider: IntegrationProviderSchema,
  label: z.string(),
  client_id: z.string(),
  /** The mask ('••••••••' and the last 4 characters), '' when none is registered. */
  client_secret: z.string(),
  tenant_id: z.string(),
  hasSecrets: z.boolean(),
  items: boundedList(IntegrationItem, 'Integrations', 100),
});
export type AdminProvider = z.infer<typeof AdminProvider>;

export const AdminIntegrationsResponse = successList(AdminProvider);
export type AdminIntegrationsResponse = z.infer<typeof AdminIntegrationsResponse>;

export const CallbackQuery = z.object({
  code: z.string().max(integrationLimits.callbackParamLength).optional(),
  state: z.string().max(integrationLimits.callbackParamLength).optional(),
  error: z.string().max(integrationLimits.callbackParamLength).optional(),
  error_description: z.string().max(integrationLimits.callbackParamLength).optional(),
});
