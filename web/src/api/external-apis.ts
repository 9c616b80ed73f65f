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
import { fetchData, postForPosition, postJson } from './http';

/** GET /amplifymin/external_apis: the saved definitions, credentials masked (admins). */
export async function fetchExternalApis(waitFor?: string): Promise<ExternalApiView[]> {
  return fetchData('getExternalApis', externalApiRoutes.list, ExternalApisResponse, waitFor);
}

/** POST /amplifymin/external_apis/save: answers the definition's id and the position for `waitFor`. */
export async function saveExternalApi(body: ExternalApiSaveRequest): Promise<ExternalApiSaveResponse> {
  return postJson('saveExternalApi', externalApiRoutes.save, ExternalApiSaveResponse, body);
}

/** POST /amplifymin/external_apis/delete: answers the position for `waitFor`. */
export async function deleteExternalApi(id: string): Promise<string> {
  return postForPosition('deleteExternalApi', externalApiRoutes.delete, ExternalApiDeleteResponse, { id });
}

/** POST /amplifymin/external_apis/test: the remote's JSON result, or why it could not be called. */
export async function testExternalApi(body: ExternalApiTestRequest): Promise<ExternalApiTestResponse> {
  return postJson('testExternalApi', externalApiRoutes.test, ExternalApiTestResponse, body);
}
