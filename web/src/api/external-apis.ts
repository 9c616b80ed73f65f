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
import { requestJson, postJson, withWaitFor } from './http';

/** GET /amplifymin/external_apis: the saved definitions, credentials masked (admins). */
export async function fetchExternalApis(waitFor?: string): Promise<ExternalApiView[]> {
  return (
    await requestJson('getExternalApis', withWaitFor(externalApiRoutes.list, waitFor), ExternalApisResponse)
  ).body.data;
}

/** POST /amplifymin/external_apis/save: answers the definition's id and the position for `waitFor`. */
export async function saveExternalApi(body: ExternalApiSaveRequest): Promise<ExternalApiSaveResponse> {
  return postJson('saveExternalApi', externalApiRoutes.save, ExternalApiSaveResponse, body);
}

/** POST /amplifymin/external_apis/delete: answers the position for `waitFor`. */
export async function deleteExternalApi(id: string): Promise<string> {
  return (await postJson('deleteExternalApi', externalApiRoutes.delete, ExternalApiDeleteResponse, { id }))
    .position;
}

/** POST /amplifymin/external_apis/test: the remote's JSON result, or why it could not be called. */
export async function testExternalApi(body: ExternalApiTestRequest): Promise<ExternalApiTestResponse> {
  return postJson('testExternalApi', externalApiRoutes.test, ExternalApiTestResponse, body);
}
