import { embedMany } from 'ai';
import type { SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { Db, OutboundClient, SecretBox } from '@app/platform';
import { embeddingModelFor } from '../documents/index';
import { failureReason, openSavedEndpoint, providerKindOf, type EndpointPool } from '../models/index';
import type { ResolvedEmbeddingsModel } from './embeddings-model';

export interface EmbeddingsCallDeps {
  db: Db;
  secrets: SecretBox;
  /** The guarded client every provider call goes through (the relay's). */
  outbound: OutboundClient;
  /** The relay's round robin over a model's endpoints. */
  pool: EndpointPool;
}

/** Every endpoint of the model failed: `reason` in words a user may read. */
export class EmbeddingsCallFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'EmbeddingsCallFailed';
  }
}

export interface Embedded {
  embeddings: number[][];
  /** The input tokens the provider counted; undefined when it reported none. */
  tokens: number | undefined;
}

/** `dimensions` under each provider's own option name (a provider that takes none ignores it). */
const dimensionsOptions = (dimensions: number | undefined): SharedV3ProviderOptions | undefined =>
  dimensions === undefined
    ? undefined
    : {
        openai: { dimensions },
        azure: { dimensions },
        openaiCompatible: { dimensions },
        google: { outputDimensionality: dimensions },
        bedrock: { dimensions },
      };

/**
 * The vectors of `texts` from the model at its endpoints, in the pool's order (a failed endpoint
 * gives way to the next, as chat's failover), with the AI SDK's `embedMany` and the provider chat
 * would pick (`embeddingModelFor`, as the document embedder): through the guarded client only.
 */
export const embedThrough = async (
  deps: EmbeddingsCallDeps,
  resolved: ResolvedEmbeddingsModel,
  texts: readonly string[],
  dimensions: number | undefined,
  signal: AbortSignal,
): Promise<Embedded> => {
  const { model, endpoints } = resolved;
  const kind = providerKindOf(model.provider);
  const providerOptions = dimensionsOptions(dimensions);
  let lastError: unknown = new Error('no endpoint');
  for (const e of deps.pool.order(model.id, endpoints)) {
    if (signal.aborted) break;
    try {
      const endpoint = await openSavedEndpoint(deps.secrets.keyring(deps.db), e);
      const { embeddings, usage } = await embedMany({
        model: embeddingModelFor(kind, model.id, endpoint, deps.outbound),
        values: [...texts],
        maxRetries: 0,
        abortSignal: signal,
        ...(providerOptions ? { providerOptions } : {}),
      });
      return { embeddings, tokens: Number.isFinite(usage.tokens) ? Math.round(usage.tokens) : undefined };
    } catch (err) {
      lastError = err;
    }
  }
  throw new EmbeddingsCallFailed(failureReason(lastError, false));
};
