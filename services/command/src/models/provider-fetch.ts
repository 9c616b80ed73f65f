import type { OutboundClient, OutboundFetchInit, OutboundMethod } from '@app/platform';

/** The `fetch` option of the AI SDK's providers. */
export type FetchFunction = typeof globalThis.fetch;

const methods: readonly OutboundMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
/** The key's headers: set by us, whatever the provider put there. */
const keyHeaders = new Set(['authorization', 'api-key']);

/**
 * The headers that carry an endpoint's key: `api-key` (Azure OpenAI) and `Authorization: Bearer`
 * (OpenAI and OpenAI-compatible servers); none for a keyless server (key '').
 */
export const endpointKeyHeaders = (key: string): Record<string, string> =>
  key === '' ? {} : { 'api-key': key, authorization: `Bearer ${key}` };

const urlOf = (input: Parameters<FetchFunction>[0]): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The provider's request as the guarded client takes it (JSON bodies only: what the providers send). */
const initOf = (init: Parameters<FetchFunction>[1]): OutboundFetchInit => {
  const method = (init?.method ?? 'GET').toUpperCase();
  const known = methods.find((m) => m === method);
  if (!known) throw new TypeError(`unsupported method ${method}`);
  const body = init?.body;
  if (body !== undefined && body !== null && typeof body !== 'string')
    throw new TypeError('only text request bodies are sent');
  return {
    method: known,
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    ...(typeof body === 'string' ? { body } : {}),
    ...(init?.signal ? { signal: init.signal } : {}),
  };
};

/** The provider's own urls, through the guarded outbound client (Gemini, Bedrock). */
export const guardedFetch =
  (outbound: OutboundClient): FetchFunction =>
  (input, init) =>
    outbound.fetch(urlOf(input), initOf(init));

/**
 * For the OpenAI-wire providers: whatever url the provider built, the request goes to exactly the
 * endpoint's url (the full chat-completions url the admin entered, its query such as api-version
 * kept), with the key as `api-key` and `Authorization: Bearer` (neither for a keyless server),
 * through the guarded outbound client.
 */
export const exactUrlFetch =
  (outbound: OutboundClient, endpoint: { url: string; key: string }): FetchFunction =>
  (_input, init) => {
    const request = initOf(init);
    const headers = Object.fromEntries(
      Object.entries(request.headers ?? {}).filter(([name]) => !keyHeaders.has(name)),
    );
    return outbound.fetch(endpoint.url, {
      ...request,
      method: 'POST',
      headers: { ...headers, ...endpointKeyHeaders(endpoint.key) },
    });
  };
