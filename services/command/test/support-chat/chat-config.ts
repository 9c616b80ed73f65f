import type { Model } from '@app/contracts';
import { chatModelConfigurations } from '@app/platform/testing';

/**
 * The configuration of chat models, each with its endpoints in order (url and key): the supported
 * models (with the embeddings model the defaults need), the default models, the OpenAi Endpoints.
 */
export const modelsWithEndpoints = (
  entries: readonly { model: Model; endpoints: readonly { url: string; key: string }[] }[],
): { type: string; data: unknown }[] =>
  chatModelConfigurations('http://127.0.0.1:9/unused', { models: entries.map((e) => e.model) }).map((c) =>
    c.type === 'openaiEndpoints'
      ? {
          type: c.type,
          data: {
            models: entries.map((e) => ({ [e.model.id]: { endpoints: e.endpoints.map((x) => ({ ...x })) } })),
          },
        }
      : c,
  );
