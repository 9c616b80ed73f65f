import type { Keyring } from '@app/platform';
import type { SavedEndpoint } from '../configurations/index';

/** The AI SDK provider a model's `provider` field picks; anything unnamed speaks the OpenAI wire. */
export type ProviderKind = 'openai' | 'azure' | 'gemini' | 'bedrock' | 'openai-compatible';

export const providerKindOf = (provider: string): ProviderKind => {
  switch (provider.trim().toLowerCase()) {
    case 'openai':
      return 'openai';
    case 'azure':
      return 'azure';
    case 'gemini':
      return 'gemini';
    case 'bedrock':
      return 'bedrock';
    case 'openai-compatible':
      // The provider list's own name for these servers (contracts `modelProviders`).
      return 'openai-compatible';
    default:
      // vLLM, Ollama, llama.cpp, '' and every other OpenAI-compatible server.
      return 'openai-compatible';
  }
};

/** One endpoint, opened: the url as the admin entered it and its key in clear ('' for a keyless server). Never logged. */
export interface OpenedEndpoint {
  url: string;
  key: string;
}

/** A saved endpoint with its key (and url with credentials) opened; a keyless one has the key ''. */
export const openSavedEndpoint = async (keyring: Keyring, e: SavedEndpoint): Promise<OpenedEndpoint> => ({
  key: e.key ? await keyring.open(e.key) : '',
  url: e.urlSecret ? await keyring.open(e.urlSecret) : e.url,
});

/** Gemini's base url: the endpoint's url up to `/models/...` (or the whole url, without a trailing slash). */
export const geminiBaseUrl = (url: string): string => {
  const u = new URL(url);
  const at = u.pathname.indexOf('/models/');
  const path = at === -1 ? u.pathname : u.pathname.slice(0, at);
  return `${u.origin}${path.replace(/\/+$/, '')}`;
};

/** Bedrock's region, from a host like bedrock-runtime.<region>.amazonaws.com. */
export const bedrockRegion = (url: string): string =>
  /^bedrock-runtime(?:-fips)?\.([a-z0-9-]+)\./.exec(new URL(url).hostname)?.[1] ?? 'us-east-1';
