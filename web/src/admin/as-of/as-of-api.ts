import { ConfigsResponse, RevertResponse, revertRoutes, routes, type RevertRequest } from '@app/contracts';
import { postJson, requestJson } from '../../api/http';

/** GET /amplifymin/configs?at=: every section as it was at that moment (secrets masked). */
export async function fetchConfigsAt(at: string): Promise<ConfigsResponse> {
  const query = new URLSearchParams({ at }).toString();
  return (await requestJson('getAdminConfigsAt', `${routes.configs}?${query}`, ConfigsResponse)).body;
}

/** POST /api/admin/revert: one section back to that moment (a 409 throws with the server's words). */
export const postRevert = (request: RevertRequest): Promise<RevertResponse> =>
  postJson('revertAdminSection', revertRoutes.revert, RevertResponse, request);
