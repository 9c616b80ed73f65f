import { STATUS_CODES } from 'node:http';
import { embeddingsCallUrl, endpointKeyHeaders, providerKindOf } from '@app/command';
import { codeInterpreterModel, displayUrl, isCredentialParam, isEmbeddingModel } from '@app/contracts';

export type EndpointKind = 'embeddings' | 'chat';

/** The request an endpoint test sends, one per kind of call. */
export interface EndpointTestCall {
  kind: EndpointKind;
  url: string;
  body: Record<string, unknown>;
}

export const testPrompt = 'This is a test. Reply with a short greeting.';
export const testMaxTokens = 50;
export const codeInterpreterApiVersion = '2024-08-01-preview';

/**
 * `rest` below the endpoint's url (its query and fragment dropped), as the dialog's processUrl joined
 * them; credentials in the url's query (`api-key=`, `sig=`...) go along, or the call could not sign in.
 */
const below = (url: string, rest: string): string => {
  try {
    const base = new URL(url);
    const credentials = [...base.searchParams].filter(([name]) => isCredentialParam(name));
    base.search = '';
    base.hash = '';
    if (!base.pathname.endsWith('/')) base.pathname = `${base.pathname}/`;
    const target = new URL(rest, base);
    for (const [name, value] of credentials) target.searchParams.append(name, value);
    return target.href;
  } catch {
    return `${url.endsWith('/') ? url : `${url}/`}${rest}`;
  }
};

const chatBody = (model: string | undefined, given: Record<string, unknown> | undefined) => ({
  ...(model ? { model } : {}),
  messages: [{ role: 'user', content: testPrompt }],
  ...given,
  max_tokens: testMaxTokens,
});

/** An Azure OpenAI host, for a model Supported Models does not list (yet): its provider is unknown. */
const azureHost = /\.(?:openai|cognitiveservices)\.azure\.com$/i;

const embeddingsUrlFor = (url: string, model: string, provider: string | undefined): string => {
  const kind =
    provider !== undefined
      ? providerKindOf(provider)
      : azureHost.test(new URL(url).hostname)
        ? 'azure'
        : 'openai-compatible';
  return embeddingsCallUrl(kind, model, url);
};

const endsInEmbeddings = (url: string): boolean => {
  try {
    return /\/embeddings\/?$/.test(new URL(url).pathname);
  } catch {
    return false;
  }
};

/**
 * Embedding models (an id with 'embed', or a url ending in /embeddings): a plain embeddings request
 * to the url the embedder calls (embeddingsCallUrl: the url as entered, `/chat/completions` as
 * `/embeddings`; an Azure endpoint entered as its resource on `openai/deployments/<model>/embeddings`,
 * api-version 2024-02-01); the provider is the model's in Supported Models, else Azure for an Azure
 * OpenAI host and OpenAI-compatible otherwise. 'code-interpreter': chat completions on deployment
 * gpt-4o (api-version 2024-08-01-preview); other models: a short chat request to the url as given.
 * Chat requests ask for at most 50 tokens; a body the dialog sent replaces the default one's fields.
 */
export const endpointTestCall = (input: {
  url: string;
  model?: string | undefined;
  provider?: string | undefined;
  body?: Record<string, unknown> | undefined;
}): EndpointTestCall => {
  const { url, model, body } = input;
  if ((model && isEmbeddingModel(model)) || endsInEmbeddings(url)) {
    return {
      kind: 'embeddings',
      url: embeddingsUrlFor(url, model ?? '', input.provider),
      body: { ...(model ? { model } : {}), input: testPrompt, ...body },
    };
  }
  if (model === codeInterpreterModel) {
    return {
      kind: 'chat',
      url: below(url, `openai/deployments/gpt-4o/chat/completions?api-version=${codeInterpreterApiVersion}`),
      body: chatBody('gpt-4o', body),
    };
  }
  return { kind: 'chat', url, body: chatBody(model, body) };
};

/**
 * The headers of a test: the key as Azure OpenAI ('api-key') and OpenAI-compatible servers (bearer)
 * expect it, as the product's calls send it; none for a keyless server (key '').
 */
export const endpointTestHeaders = (key: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/json',
  ...endpointKeyHeaders(key),
});

/**
 * The url a test called as a message may show it: displayUrl's scheme, host, port and path, and its
 * query's parameters that are no credential (`api-version`); a credential is left out, not masked.
 */
export const calledUrlShown = (url: string): string => {
  try {
    const params = [...new URL(url).searchParams].filter(([name]) => !isCredentialParam(name));
    const query = new URLSearchParams(params).toString();
    return `${displayUrl(url)}${query === '' ? '' : `?${query}`}`;
  } catch {
    return displayUrl(url);
  }
};

const parseJson = (body: Buffer): unknown => {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
};

/**
 * Why an answer does not show a working endpoint, or null when it does: a 2xx status with an
 * OpenAI-shaped JSON body (choices for chat, data for embeddings). Says the status, never the body.
 */
export const answerProblem = (kind: EndpointKind, status: number, body: Buffer): string | null => {
  if (status < 200 || status > 299)
    return `HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;
  const json = parseJson(body);
  const field = kind === 'chat' ? 'choices' : 'data';
  const ok =
    typeof json === 'object' && json !== null && Array.isArray((json as Record<string, unknown>)[field]);
  return ok
    ? null
    : `HTTP ${status}, but the answer is not an OpenAI-compatible ${kind === 'chat' ? 'chat completion' : 'embeddings list'}`;
};
