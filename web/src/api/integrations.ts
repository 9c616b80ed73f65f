import {
  AdminIntegrationsResponse,
  categoryIntegrationsPath,
  CategoryIntegrationsResponse,
  IntegrationChangeResponse,
  integrationRoutes,
  StartAuthResponse,
  SupportedIntegrationsResponse,
  UserIntegrationsResponse,
  type AdminProvider,
  type IntegrationItem,
  type IntegrationProvider,
  type RegisterSecretRequest,
} from '@app/contracts';
import { requestJson, postJson } from './http';

/** GET /integrations/list_supported: what users may connect, per category. */
export async function fetchSupportedIntegrations(): Promise<Record<IntegrationProvider, IntegrationItem[]>> {
  return (
    await requestJson(
      'listSupportedIntegrations',
      integrationRoutes.listSupported,
      SupportedIntegrationsResponse,
    )
  ).body.data;
}

/** GET /{category}/integrations: a category's items, each with whether it may be connected. */
export async function fetchCategoryIntegrations(category: IntegrationProvider): Promise<IntegrationItem[]> {
  return (
    await requestJson('getIntegrations', categoryIntegrationsPath(category), CategoryIntegrationsResponse)
  ).body.data;
}

/** GET /integrations/oauth/user/list: the ids of the caller's connected integrations. */
export async function fetchConnectedIntegrations(): Promise<string[]> {
  return (await requestJson('getUserIntegrations', integrationRoutes.userList, UserIntegrationsResponse)).body
    .data;
}

/** POST /integrations/oauth/start-auth: the provider's authorization address for the window. */
export async function startIntegrationAuth(integration: string): Promise<string> {
  return (await postJson('startAuth', integrationRoutes.startAuth, StartAuthResponse, { integration }))
    .Location;
}

/** POST /integrations/oauth/user/delete: disconnects one of the caller's integrations. */
export async function disconnectIntegration(integration: string): Promise<void> {
  await requestJson('deleteUserIntegration', integrationRoutes.userDelete, IntegrationChangeResponse, {
    method: 'POST',
    body: { integration },
  });
}

/** Admins: the providers' secrets (client secret masked) and every item. */
export async function fetchAdminIntegrations(): Promise<AdminProvider[]> {
  return (await requestJson('getIntegrationSecrets', integrationRoutes.adminList, AdminIntegrationsResponse))
    .body.data;
}

/** Admins: POST /integrations/oauth/register_secret. */
export async function registerIntegrationSecret(input: RegisterSecretRequest): Promise<void> {
  await requestJson('registerSecret', integrationRoutes.registerSecret, IntegrationChangeResponse, {
    method: 'POST',
    body: input,
  });
}

/** Admins: Support / Remove Support. */
export async function changeIntegrationSupport(integration: string, isAvailable: boolean): Promise<string> {
  return (
    await postJson('supportIntegration', integrationRoutes.support, IntegrationChangeResponse, {
      integration,
      isAvailable,
    })
  ).message;
}
