import OpenAI from 'openai';
import type { ApiKeyCreateInput } from '@app/contracts';
import { startModelServer, type ModelServer, type ModelServerBehaviour } from '@app/platform/testing';
import { startApiKeysPlatform, type ApiKeysPlatform } from './api-keys-platform';

/** The API keys platform listening on 127.0.0.1, configured for the local model server. */
export interface OpenaiApiPlatform {
  p: ApiKeysPlatform;
  model: ModelServer;
  /** The OpenAI-compatible API's base URL (`…/v1`). */
  baseURL: string;
  /** A new key of this user, with its secret. */
  keyFor(email: string, body: ApiKeyCreateInput): Promise<{ id: string; secret: string }>;
  /** The official openai client with this key (no retries). */
  clientOf(apiKey: string): OpenAI;
  close(): Promise<void>;
}

/** Starts the model server (with `behaviour`) and the platform configured by `configurations`. */
export const startOpenaiApiPlatform = async ({
  behaviour,
  configurations,
}: {
  behaviour?: ModelServerBehaviour;
  configurations: (model: ModelServer) => { type: string; data: unknown }[];
}): Promise<OpenaiApiPlatform> => {
  const model = await startModelServer(behaviour);
  const p = await startApiKeysPlatform();
  await p.configure(configurations(model));
  const address = await p.app.listen({ port: 0, host: '127.0.0.1' });
  const baseURL = `${address}/v1`;
  return {
    p,
    model,
    baseURL,
    keyFor: async (email, body) => {
      const created = await p.createKey(email, body);
      return { id: created.data.apiKeyId, secret: created.data.secret ?? '' };
    },
    clientOf: (apiKey) => new OpenAI({ apiKey, baseURL, maxRetries: 0 }),
    close: async () => {
      await p.close();
      await model.close();
    },
  };
};
