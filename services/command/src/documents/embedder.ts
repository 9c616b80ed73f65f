import { embedMany } from 'ai';
import type { Db, OutboundClient, SecretBox } from '@app/platform';
import { failureReason } from '../models/index';
import {
  createEndpointPool,
  openSavedEndpoint,
  providerKindOf,
  type EndpointPool,
  type OpenedEndpoint,
} from '../models/index';
import type { SavedEndpoint } from '../configurations/index';
import { createStateCache, type StateCache } from '../shared/state-cache';
import { embeddingModelFor } from './embedding-models';
import { resolveEmbeddings } from './resolve-embeddings';

export interface EmbedderOptions {
  db: Db;
  /** Opens the endpoints' sealed keys (and urls with credentials). */
  secrets: SecretBox;
  /** Every provider call goes through it. */
  outbound: OutboundClient;
  /** Inputs per provider call. Default 64. */
  batchSize?: number;
  /** Provider calls in flight at once. Default 2. */
  maxParallelCalls?: number;
  pool?: EndpointPool;
  cache?: StateCache;
}

/** Every endpoint of the embeddings model failed for one batch: `reason` in words a user may read. */
export class EmbeddingCallError extends Error {
  constructor(
    readonly reason: string,
    readonly causeError: unknown,
  ) {
    super(reason);
    this.name = 'EmbeddingCallError';
  }
}

/** The configuration as it was when the session began: one model, its endpoints opened once each. */
export interface EmbeddingSession {
  /** The embeddings model's id (kept with the vectors). */
  model: string;
  /** How many texts one `embed` call should get to fill the parallel calls once. */
  textsPerRound: number;
  /** One vector per text, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

export interface Embedder {
  /** Resolves the default embeddings model now; throws EmbeddingUnavailableError when there is none. */
  session(): Promise<EmbeddingSession>;
  embedTexts(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
  embedQuery(text: string, signal?: AbortSignal): Promise<number[]>;
}

const inBatches = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
};

/** Runs `work` over `items` with at most `parallel` at once; answers in the items' order. */
const mapLimited = async <T, R>(items: readonly T[], parallel: number, work: (t: T) => Promise<R>) => {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, lane));
  return results;
};

/**
 * Embeds texts with the admin's default `embeddings` model through its endpoints, with the AI SDK's
 * `embedMany` and the provider chat would pick: `batchSize` inputs per call, `maxParallelCalls`
 * calls at once. A batch whose endpoint fails (refused, non-2xx, a key that cannot be opened) goes to
 * the next endpoint (round robin per model, as chat's pool); when every endpoint failed the whole
 * call fails with EmbeddingCallError.
 */
export const createEmbedder = (opts: EmbedderOptions): Embedder => {
  const batchSize = opts.batchSize ?? 64;
  const parallel = opts.maxParallelCalls ?? 2;
  const pool = opts.pool ?? createEndpointPool();
  const cache = opts.cache ?? createStateCache();

  const session = async (): Promise<EmbeddingSession> => {
    const { model, endpoints } = await resolveEmbeddings(opts.db, cache);
    const kind = providerKindOf(model.provider);
    const opened = new Map<SavedEndpoint, Promise<OpenedEndpoint>>();
    const open = (e: SavedEndpoint) => {
      let o = opened.get(e);
      if (!o) {
        o = openSavedEndpoint(opts.secrets.keyring(opts.db), e);
        opened.set(e, o);
      }
      return o;
    };

    const embedBatch = async (values: string[], signal: AbortSignal | undefined): Promise<number[][]> => {
      let lastError: unknown = new Error('no endpoint');
      for (const e of pool.order(model.id, endpoints)) {
        if (signal?.aborted) throw signal.reason;
        try {
          const endpoint = await open(e);
          const { embeddings } = await embedMany({
            model: embeddingModelFor(kind, model.id, endpoint, opts.outbound),
            values,
            // The pool fails over itself.
            maxRetries: 0,
            ...(signal ? { abortSignal: signal } : {}),
          });
          return embeddings;
        } catch (err) {
          if (signal?.aborted) throw err;
          lastError = err;
        }
      }
      throw new EmbeddingCallError(failureReason(lastError, false), lastError);
    };

    return {
      model: model.id,
      textsPerRound: batchSize * parallel,
      embed: async (texts, signal) => {
        const batches = await mapLimited(inBatches(texts, batchSize), parallel, (b) => embedBatch(b, signal));
        return batches.flat();
      },
    };
  };

  return {
    session,
    embedTexts: async (texts, signal) => (await session()).embed(texts, signal),
    embedQuery: async (text, signal) => {
      const [vector] = await (await session()).embed([text], signal);
      if (!vector) throw new EmbeddingCallError('no embedding answered', undefined);
      return vector;
    },
  };
};
