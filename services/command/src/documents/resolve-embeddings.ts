import {
  defaultModelsStreamId,
  openaiEndpointsStreamId,
  ownValue,
  supportedModelsStreamId,
  type Model,
} from '@app/contracts';
import type { Db } from '@app/platform';
import {
  defaultModelsDecider,
  openaiEndpointsDecider,
  supportedModelsDecider,
  type SavedEndpoint,
} from '../configurations/index';
import type { StateCache } from '../shared/state-cache';

/** Why texts cannot be embedded now, in words an admin or user may read (a file's failure reason). */
export const embeddingUnavailableReasons = {
  noDefaultModel: 'No default embeddings model is configured.',
  unknownModel: (id: string) => `The embeddings model ${id} is not a supported model.`,
  noEndpoints: (id: string) => `The embeddings model ${id} has no endpoints configured.`,
} as const;

/** The configuration does not allow embedding (no default embeddings model, or no endpoint for it). */
export class EmbeddingUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'EmbeddingUnavailableError';
  }
}

export interface ResolvedEmbeddings {
  model: Model;
  /** Its endpoints, keys still sealed, as the OpenAi Endpoints tab lists them. */
  endpoints: SavedEndpoint[];
}

/**
 * The admin's default `embeddings` model (Supported Models' default models), the model itself and
 * its endpoints (the OpenAi Endpoints entry named like it), from the log in one round trip. An
 * embeddings model need not be available to users in chat: it is the platform's, not theirs.
 */
export const resolveEmbeddings = async (db: Db, cache: StateCache): Promise<ResolvedEmbeddings> => {
  const batch = cache.batch();
  const defaults = batch.add(defaultModelsDecider, defaultModelsStreamId);
  const models = batch.add(supportedModelsDecider, supportedModelsStreamId);
  const endpoints = batch.add(openaiEndpointsDecider, openaiEndpointsStreamId);
  await batch.load(db);
  const modelId = defaults().embeddings.trim();
  if (modelId === '') throw new EmbeddingUnavailableError(embeddingUnavailableReasons.noDefaultModel);
  const model = ownValue(models(), modelId);
  if (!model) throw new EmbeddingUnavailableError(embeddingUnavailableReasons.unknownModel(modelId));
  const entry = endpoints().find((m) => m.name === model.id);
  if (!entry || entry.endpoints.length === 0)
    throw new EmbeddingUnavailableError(embeddingUnavailableReasons.noEndpoints(model.id));
  return { model, endpoints: entry.endpoints };
};
