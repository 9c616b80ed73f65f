import {
  isEmbeddingModel,
  platformMessages,
  type Model,
  type OpenAiEndpointsSection,
  type SupportedModelsSection,
} from '@app/contracts';

/** The two sections a chat model needs: the model, and the OpenAi Endpoints entry named like its id. */
export interface ModelsAndEndpoints {
  models: SupportedModelsSection;
  endpoints: OpenAiEndpointsSection;
}

/** The entries with at least one endpoint the save keeps (one without a url is dropped). */
const servedNames = (section: OpenAiEndpointsSection): Set<string> =>
  new Set(
    section.models.flatMap((entry) =>
      Object.entries(entry)
        .filter(([, m]) => m.endpoints.some((e) => e.url.trim() !== ''))
        .map(([name]) => name.trim()),
    ),
  );

/** Available chat models that no endpoint serves: users could pick them but not chat with them. */
const unservedModels = (c: ModelsAndEndpoints): Model[] => {
  const served = servedNames(c.endpoints);
  return Object.values(c.models).filter(
    (m) => m.isAvailable && !isEmbeddingModel(m.id.trim()) && !served.has(m.id.trim()),
  );
};

/**
 * What Save Changes warns of before it sends: each available model this save leaves without an
 * endpoint (one already saved that way is not repeated at every save), in the contracts' words.
 */
export const missingEndpointWarnings = (now: ModelsAndEndpoints, saved: ModelsAndEndpoints): string[] => {
  const before = new Set(unservedModels(saved).map((m) => m.id.trim()));
  return unservedModels(now)
    .filter((m) => !before.has(m.id.trim()))
    .map((m) => platformMessages.modelWithoutEndpoint(m.name.trim() === '' ? m.id.trim() : m.name.trim()));
};
