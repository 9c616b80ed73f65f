import { chatMessages } from '@app/contracts';
import { ApiError, requestJson, type ApiResponse, type RequestOptions } from './http';
import type { z } from 'zod';

/**
 * The chat relay: every call of the chat screen goes through here, and a
 * failure reads 'Error calling {call}: {status text}', 'Network Error calling {call}' or 'Error
 * parsing response from {call}' (`chatMessages`).
 */
export const relayTexts = {
  status: chatMessages.errorCalling,
  network: chatMessages.networkError,
  parse: chatMessages.parseError,
} as const;

/** One JSON call: same origin, session cookie, the answer checked against `schema` (`requestJson`). */
export function relayJson<S extends z.ZodType>(
  call: string,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<ApiResponse<z.infer<S>>> {
  return requestJson(call, path, schema, options);
}

/** A call that answers 404: the route is not there (yet), or what it names is gone. */
export const answeredNotFound = (e: unknown): boolean => e instanceof ApiError && e.status === 404;

export interface StreamCallOptions {
  method: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * A call whose answer is read as a stream (server-sent events): the raw `Response`, whatever its
 * status; only a failure to reach the server throws, with the relay's network text.
 */
export async function relayStream(call: string, path: string, options: StreamCallOptions): Promise<Response> {
  const { method, body, headers = {}, signal } = options;
  try {
    return await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'text/event-stream',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError(relayTexts.network(call), 'network');
  }
}
