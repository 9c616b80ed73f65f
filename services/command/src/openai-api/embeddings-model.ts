import {
  amplifyGroupsStreamId,
  groupsOf,
  isEmbeddingModel,
  isModelOpenTo,
  openaiEndpointsStreamId,
  ownValue,
  supportedModelsStreamId,
  type Model,
} from '@app/contracts';
import type { Db } from '@app/platform';
import {
  amplifyGroupsDecider,
  openaiEndpointsDecider,
  supportedModelsDecider,
  type SavedEndpoint,
} from '../configurations/index';
import type { StateCache } from '../shared/state-cache';

export interface ResolvedEmbeddingsModel {
  model: Model;
  /** Its endpoints (the OpenAi Endpoints entry named like it), keys still sealed. */
  endpoints: SavedEndpoint[];
}

/**
 * The embeddings model `modelId` as `email` may use it through the API, from the log in one round
 * trip: a Supported Model that is an embeddings model (`isEmbeddingModel`: embeddings models are
 * never "available" for chat), open to the caller when it is reserved to Amplify groups, with
 * endpoints. Anything else is undefined (the route's 404).
 */
export const resolveEmbeddingsModel = async (
  db: Db,
  cache: StateCache,
  modelId: string,
  email: string,
): Promise<ResolvedEmbeddingsModel | undefined> => {
  const batch = cache.batch();
  const models = batch.add(supportedModelsDecider, supportedModelsStreamId);
  const groups = batch.add(amplifyGroupsDecider, amplifyGroupsStreamId);
  const endpoints = batch.add(openaiEndpointsDecider, openaiEndpointsStreamId);
  await batch.load(db);
  const model = ownValue(models(), modelId);
  if (!model || !isEmbeddingModel(model.id)) return undefined;
  const reserved = model.exclusiveGroupAvailability.length > 0;
  if (!isModelOpenTo(model, reserved ? groupsOf(groups(), email) : [])) return undefined;
  const entry = endpoints().find((m) => m.name === model.id);
  if (!entry || entry.endpoints.length === 0) return undefined;
  return { model, endpoints: entry.endpoints };
};
