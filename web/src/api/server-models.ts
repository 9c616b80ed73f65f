import { serverModelsRoute, ServerModelsResponse, type ServerModelsRequest } from '@app/contracts';
import { requestJson } from './http';

/** 'Add models from a server': the models an OpenAI-compatible server lists, and the chat url they get. */
export async function listServerModels(request: ServerModelsRequest): Promise<ServerModelsResponse['data']> {
  const response = await requestJson('serverModels', serverModelsRoute, ServerModelsResponse, {
    method: 'POST',
    body: request,
  });
  return response.body.data;
}
