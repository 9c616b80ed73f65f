import {
  ExternalApiDeleteResponse,
  externalApiRoutes,
  ExternalApiSaveResponse,
  ExternalApisResponse,
  ExternalApiTestResponse,
  type ExternalApiSaveRequest,
  type ExternalApiTestRequest,
  type ExternalApiView,
} from '@app/contracts';
import { requestJson } from './http';

/** GET /amplifymin/external_apis: the saved definitions, credentials masked (admins). */
export async function fetchExternalApis(waitFor?: string): Promise<ExternalApiView[]> {
  const query = waitFor ? `?${new URLSearchParams({ waitFor }).toString()}` : '';
  return (await requestJson('getExternalApis', `${externalApiRoutes.list}${query}`, ExternalApisResponse))
    .body.data;
}

/** POST /amplifymin/external_apis/save: answers the definition's id and the position for `waitFor`. */
export async function saveExternalApi(body: ExternalApiSaveRequest): Promise<ExternalApiSaveResponse> {
  return (
    await requestJson('saveExternalApi', externalApiRoutes.save, ExternalApiSaveResponse, {
      method: 'POST',
      body,
    })
  ).body;
}

/** POST /amplifymin/external_apis/delete: answers the position for `waitFor`. */
export async function deleteExternalApi(id: string): Promise<string> {
  return (
    await requestJson('deleteExternalApi', externalApiRoutes.delete, ExternalApiDeleteResponse, {
      method: 'POST',
      body: { id },
    })
  ).body.position;
}

/** POST /amplifymin/external_apis/test: the remote's JSON result, or why it could not be called. */
export async function testExternalApi(body: ExternalApiTestRequest): Promise<ExternalApiTestResponse> {
  return (
    await requestJson('testExternalApi', externalApiRoutes.test, ExternalApiTestResponse, {
      method: 'POST',
      body,
    })
  ).body;
}
