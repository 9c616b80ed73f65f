import { ConfigsResponse, ConfigsUpdateResponse, routes, type ConfigsUpdateRequest } from '@app/contracts';
import { requestJson } from './http';

/** GET the admin configuration; `waitFor` holds the answer until the read side passed that position. */
export async function fetchConfigs(waitFor?: string): Promise<ConfigsResponse> {
  const query = waitFor === undefined ? '' : `?${new URLSearchParams({ waitFor }).toString()}`;
  return (await requestJson('getAdminConfigs', `${routes.configs}${query}`, ConfigsResponse)).body;
}

/**
 * POST the changed sections. 200 (all saved), 400 (some invalid) and 409 (some conflicted) all
 * answer per section; anything else throws an ApiError.
 */
export async function updateConfigs(request: ConfigsUpdateRequest): Promise<ConfigsUpdateResponse> {
  const response = await requestJson('updateAdminConfigs', routes.configsUpdate, ConfigsUpdateResponse, {
    method: 'POST',
    body: request,
    acceptStatuses: [400, 409],
  });
  return response.body;
}
