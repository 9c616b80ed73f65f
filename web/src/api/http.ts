import { ErrorResponse } from '@app/contracts';
import type { z } from 'zod';

export type ApiErrorKind = 'status' | 'network' | 'parse';

/**
 * A failed call. `message` is the relay's text ('Error calling {call}: {status text}',
 * 'Network Error calling {call}', 'Error parsing response from {call}'); `serverMessage` is the
 * `{success:false, message}` the server answered, when it did.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number | null = null,
    readonly serverMessage: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const relayTexts = {
  status: (call: string, statusText: string) => `Error calling ${call}: ${statusText}`,
  network: (call: string) => `Network Error calling ${call}`,
  parse: (call: string) => `Error parsing response from ${call}`,
} as const;

/** What the user should read for a failed call: the server's words when it gave any. */
export const errorText = (e: unknown): string =>
  e instanceof ApiError ? (e.serverMessage ?? e.message) : e instanceof Error ? e.message : String(e);

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/**
 * Told whenever a call answers 401: the session ended (signed out elsewhere, ended by an admin,
 * expired) or nobody was signed in. Returns the unsubscribe.
 */
export const onUnauthorized = (listener: SessionEndedListener): (() => void) => {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
};

/** A call refused for want of a session: the app has gone back to sign-in, nothing more to say. */
export const answeredSignedOut = (e: unknown): boolean => e instanceof ApiError && e.status === 401;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  /** Non-2xx statuses whose body is still an answer of `schema` (e.g. 400/409 of a partial save). */
  acceptStatuses?: readonly number[];
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  status: number;
  body: T;
}

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  return text === '' ? null : (JSON.parse(text) as unknown);
};

/** One JSON call of the platform: same origin, session cookie, the answer checked against `schema`. */
export async function requestJson<S extends z.ZodType>(
  call: string,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<ApiResponse<z.infer<S>>> {
  const { method = 'GET', body, acceptStatuses = [], signal } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch {
    throw new ApiError(relayTexts.network(call), 'network');
  }
  if (response.status === 401) for (const listener of sessionEndedListeners) listener();
  let json: unknown;
  try {
    json = await readJson(response);
  } catch {
    if (!response.ok) throw statusError(call, response, null);
    throw new ApiError(relayTexts.parse(call), 'parse', response.status);
  }
  if (response.ok || acceptStatuses.includes(response.status)) {
    const parsed = schema.safeParse(json);
    if (parsed.success) return { status: response.status, body: parsed.data };
    if (response.ok) throw new ApiError(relayTexts.parse(call), 'parse', response.status);
  }
  throw statusError(call, response, json);
}

const statusError = (call: string, response: Response, json: unknown): ApiError => {
  const error = ErrorResponse.safeParse(json);
  const statusText = response.statusText || String(response.status);
  return new ApiError(
    relayTexts.status(call, statusText),
    'status',
    response.status,
    error.success ? error.data.message : null,
  );
};

/** A POST of `body` that answers `schema`: the answer's body (see requestJson). */
export async function postJson<S extends z.ZodType>(
  call: string,
  path: string,
  schema: S,
  body: unknown,
): Promise<z.infer<S>> {
  return (await requestJson(call, path, schema, { method: 'POST', body })).body;
}

/** A POST whose answer is the position to wait for (`waitFor`): that position. */
export async function postForPosition<S extends z.ZodType<{ position: string }>>(
  call: string,
  path: string,
  schema: S,
  body: unknown,
): Promise<string> {
  return (await postJson(call, path, schema, body)).position;
}

/** A read's `data`, asking the query service to have caught up with `waitFor` first (see withWaitFor). */
export async function fetchData<S extends z.ZodType<{ data: unknown }>>(
  call: string,
  path: string,
  schema: S,
  waitFor?: string,
): Promise<z.infer<S>['data']> {
  return (await requestJson(call, withWaitFor(path, waitFor), schema)).body.data;
}

/** A read's path asking the query service to have caught up with `waitFor` (a position) first. */
export const withWaitFor = (path: string, waitFor: string | undefined): string =>
  waitFor ? `${path}?${new URLSearchParams({ waitFor }).toString()}` : path;
