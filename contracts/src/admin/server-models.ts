import { z } from 'zod';
import { boundedString, nameFields, reservedNameRefusal } from '../bounded';
import { limits } from '../limits';
import { maxEndpointKeyLength, maxEndpointUrlLength, parseEndpointUrl } from './openai-endpoints';

/** POST: the models an OpenAI-compatible server lists (its `/v1/models`), for an admin to add. */
export const serverModelsRoute = '/api/admin/serverModels';

/** The most models one answer lists (the rest are left out, and `truncated` says so). */
export const maxServerModels = 200;

/** POST /api/admin/serverModels: the server's base url (e.g. http://127.0.0.1:11434) and its key, if any. */
export const ServerModelsRequest = z.object({
  url: boundedString('The server url', maxEndpointUrlLength).trim().min(1, 'url is required'),
  /** Empty or absent for a server without keys. */
  key: boundedString('The key', maxEndpointKeyLength).optional(),
});
export type ServerModelsRequest = z.infer<typeof ServerModelsRequest>;

/** One model the server lists: its id, and its context window when the server says (vLLM's `max_model_len`). */
export const ServerModel = z.object({
  id: boundedString('The model id', limits.nameLength),
  contextWindow: z.number().int().nonnegative().optional(),
});
export type ServerModel = z.infer<typeof ServerModel>;

export const ServerModelsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    models: z.array(ServerModel).max(maxServerModels),
    /** The chat-completions url each model's endpoint gets (what the OpenAi Endpoints tab saves). */
    chatUrl: boundedString('The chat url', maxEndpointUrlLength),
    /** True when the server listed more models than an answer holds. */
    truncated: z.boolean(),
  }),
});
export type ServerModelsResponse = z.infer<typeof ServerModelsResponse>;

/**
 * Where a server's models and chat completions are, from the base url an admin types: the url up to
 * `/v1` (a trailing `/v1`, `/v1/models` or `/v1/chat/completions` is taken as given), its query left
 * out. Null for a url the platform may not call (not http(s), a user name or password).
 */
export const serverModelsUrls = (raw: string): { modelsUrl: string; chatUrl: string } | null => {
  const url = parseEndpointUrl(raw);
  if (url === null) return null;
  const path = url.pathname
    .replace(/\/+$/, '')
    .replace(/\/(?:models|chat\/completions)$/, '')
    .replace(/\/v1$/, '');
  const base = `${url.origin}${path}/v1`;
  return { modelsUrl: `${base}/models`, chatUrl: `${base}/chat/completions` };
};

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/**
 * The models of a `/v1/models` answer (`{data: [{id, max_model_len?}]}`), in its order: each id once,
 * trimmed, only those a model may be named (not empty, within the name's length, not reserved); at most
 * `maxServerModels`. Null when the answer is not that shape.
 */
export const parseServerModels = (body: unknown): { models: ServerModel[]; truncated: boolean } | null => {
  if (!isRecord(body) || !Array.isArray(body['data'])) return null;
  const seen = new Set<string>();
  const models: ServerModel[] = [];
  for (const entry of body['data']) {
    if (!isRecord(entry) || typeof entry['id'] !== 'string') continue;
    const id = entry['id'].trim();
    if (id === '' || id.length > limits.nameLength || seen.has(id)) continue;
    if (reservedNameRefusal(nameFields.modelId, id) !== null) continue;
    seen.add(id);
    const window = entry['max_model_len'];
    models.push({
      id,
      ...(typeof window === 'number' && Number.isSafeInteger(window) && window > 0
        ? { contextWindow: window }
        : {}),
    });
  }
  return { models: models.slice(0, maxServerModels), truncated: models.length > maxServerModels };
};
