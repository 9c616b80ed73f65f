import { generateText } from 'ai';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import {
  defaultModelsStreamId,
  openaiEndpointsStreamId,
  ownValue,
  supportedModelsStreamId,
} from '@app/contracts';
import type { Db, OutboundClient, SecretBox } from '@app/platform';
import {
  defaultModelsDecider,
  openaiEndpointsDecider,
  supportedModelsDecider,
} from '../configurations/index';
import { loadState } from '../shared/stream-state';
import { languageModelFor, openSavedEndpoint, providerKindOf } from '../models/index';

/** Whether a path holds an inappropriate term (PG-13); never rejects. */
export type PathTermCheck = (astPath: string) => Promise<boolean>;

export interface PathTermCheckOptions {
  db: Db;
  secrets: SecretBox;
  /** The admins' guarded client the chat uses for models; without it the filter alone decides. */
  outbound?: OutboundClient;
  /** Paths remembered (least recently used forgotten first). */
  cacheSize?: number;
  /** The model's whole answer, every endpoint tried included. */
  timeoutMs?: number;
  onError?: (e: unknown) => void;
}

const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** The maintained profanity filter (obscenity): the path as typed, and with its separators as spaces. */
export const filterFindsInappropriate = (astPath: string): boolean =>
  matcher.hasMatch(astPath) || matcher.hasMatch(astPath.replace(/[-_/]+/g, ' '));

/** What the model is asked: one word back. The path is at most 20 of [a-z0-9_/-], so it cannot carry an instruction. */
export const pathTermPrompt = (astPath: string): string =>
  'You review URL paths that users choose for their AI assistants. At a PG-13 standard, is the path ' +
  'below inappropriate (profanity, slurs, sexual, hateful or violent terms, also when disguised with ' +
  'digits, separators or misspellings)? Answer with exactly one word: YES if it is inappropriate, NO ' +
  `if it is not.\n\nPath: ${astPath}`;

/** The model's verdict, or null when its answer is neither YES nor NO. */
export const verdictOf = (answer: string): boolean | null => {
  const word = /^[^A-Za-z]*([A-Za-z]+)/.exec(answer)?.[1]?.toUpperCase();
  return word === 'YES' ? true : word === 'NO' ? false : null;
};

/** A Map kept in use order: bounded, the least recently used forgotten first. */
const lruOf = (size: number) => {
  const entries = new Map<string, boolean>();
  return {
    get: (key: string): boolean | undefined => {
      const v = entries.get(key);
      if (v !== undefined) {
        entries.delete(key);
        entries.set(key, v);
      }
      return v;
    },
    set: (key: string, value: boolean) => {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > size) entries.delete(entries.keys().next().value ?? '');
    },
  };
};

/**
 * The inappropriate-term check of an assistant path: the admin's default
 * `cheapest` model asked at a PG-13 standard through its endpoints and the admins' guarded client;
 * the profanity filter when there is no such model or it fails. The model's verdicts are cached per
 * path (the filter, cheap, is run each time, so a model configured later is asked).
 */
export const createPathTermCheck = (opts: PathTermCheckOptions): PathTermCheck => {
  const cache = lruOf(opts.cacheSize ?? 5_000);
  const timeoutMs = opts.timeoutMs ?? 10_000;

  const askModel = async (astPath: string): Promise<boolean | 'no-model'> => {
    const { outbound } = opts;
    if (!outbound) return 'no-model';
    const defaults = (await loadState(opts.db, defaultModelsDecider, defaultModelsStreamId)).state;
    const modelId = defaults.cheapest.trim();
    if (modelId === '') return 'no-model';
    const model = ownValue(
      (await loadState(opts.db, supportedModelsDecider, supportedModelsStreamId)).state,
      modelId,
    );
    const entry = (await loadState(opts.db, openaiEndpointsDecider, openaiEndpointsStreamId)).state.find(
      (m) => m.name === modelId,
    );
    if (!model || !entry || entry.endpoints.length === 0) return 'no-model';
    const keyring = opts.secrets.keyring(opts.db);
    const signal = AbortSignal.timeout(timeoutMs);
    let lastError: unknown = new Error('no endpoint answered');
    for (const e of entry.endpoints) {
      try {
        const endpoint = await openSavedEndpoint(keyring, e);
        const { text } = await generateText({
          model: languageModelFor(providerKindOf(model.provider), model.id, endpoint, outbound),
          prompt: pathTermPrompt(astPath),
          temperature: 0,
          maxOutputTokens: 5,
          maxRetries: 0,
          abortSignal: signal,
        });
        const verdict = verdictOf(text);
        if (verdict !== null) return verdict;
        lastError = new Error(`the model answered neither YES nor NO: ${text.slice(0, 50)}`);
      } catch (e) {
        lastError = e;
        if (signal.aborted) break;
      }
    }
    throw lastError;
  };

  return async (astPath) => {
    const cached = cache.get(astPath);
    if (cached !== undefined) return cached;
    try {
      const asked = await askModel(astPath);
      // The filter is cheap and a model may be configured later: only the model's verdicts are kept.
      if (asked === 'no-model') return filterFindsInappropriate(astPath);
      cache.set(astPath, asked);
      return asked;
    } catch (e) {
      opts.onError?.(e);
      return filterFindsInappropriate(astPath);
    }
  };
};
