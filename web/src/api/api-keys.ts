import {
  apiKeyRoutes,
  ApiKeyChangeResponse,
  ApiKeySecretResponse,
  ApiKeysResponse,
  ApiKeySystemIdsResponse,
  type ApiKeyCreateRequest,
  type ApiKeysUpdateRequest,
} from '@app/contracts';
import { relayJson } from './relay';

/** GET /apiKeys/keys/get: the caller's keys, those delegated to them and their system keys. */
export async function fetchApiKeys(): Promise<ApiKeysResponse['data']> {
  return (await relayJson('getApiKeys', apiKeyRoutes.get, ApiKeysResponse)).body.data;
}

/** GET /apiKeys/get_system_ids: the caller's active system keys. */
export async function fetchApiKeySystemIds(): Promise<ApiKeySystemIdsResponse['data']> {
  return (await relayJson('getSystemIds', apiKeyRoutes.systemIds, ApiKeySystemIdsResponse)).body.data;
}

/**
 * POST /apiKeys/keys/create. The answer's `secret` is the only time it is ever sent: the caller
 * shows it and forgets it.
 */
export async function createApiKey(body: ApiKeyCreateRequest): Promise<ApiKeySecretResponse> {
  return (
    await relayJson('createApiKey', apiKeyRoutes.create, ApiKeySecretResponse, { method: 'POST', body })
  ).body;
}

/** POST /apiKeys/key/rotate: a new secret (answered once); the old one stops working. */
export async function rotateApiKey(apiKeyId: string): Promise<ApiKeySecretResponse> {
  return (
    await relayJson('rotateApiKey', apiKeyRoutes.rotate, ApiKeySecretResponse, {
      method: 'POST',
      body: { apiKeyId },
    })
  ).body;
}

/** POST /apiKeys/key/deactivate: for good (an inactive key answers that it is inactive). */
export async function deactivateApiKey(apiKeyId: string): Promise<ApiKeyChangeResponse> {
  return (
    await relayJson('deactivateApiKey', apiKeyRoutes.deactivate, ApiKeyChangeResponse, {
      method: 'POST',
      body: { apiKeyId },
    })
  ).body;
}

/** POST /apiKeys/keys/update: the keys and only the fields that change, all or nothing. */
export async function updateApiKeys(body: ApiKeysUpdateRequest): Promise<ApiKeyChangeResponse> {
  return (
    await relayJson('updateApiKeys', apiKeyRoutes.update, ApiKeyChangeResponse, { method: 'POST', body })
  ).body;
}
