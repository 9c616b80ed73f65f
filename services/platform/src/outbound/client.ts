import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';
import { emptyAllowList, type AllowList } from './allow-list';
import { OutboundError, OutboundRefusedError, toOutboundError } from './errors';
import {
  checkLiteral,
  guardedConnector,
  systemLookup,
  type Lookup,
  type UnresolvedHost,
} from './guarded-connector';

export type OutboundMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export interface OutboundRequest {
  method?: OutboundMethod;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** The remote answer, for the platform's own use: callers never pass `body` on to a browser. */
export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** Where the answer came from, after redirects. */
  url: string;
}

/** A streamed call (`fetch`): the body is a string, the answer is read as it comes. */
export interface OutboundFetchInit {
  method?: OutboundMethod;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface OutboundClient {
  request(url: string | URL, init?: OutboundRequest): Promise<OutboundResponse>;
  /**
   * A streaming call for answers read as they come (a model's server-sent events): the same address
   * checks, no redirect followed (a redirect is an error), no size cap on the answer, a bounded time
   * to the answer's headers and between its chunks; `init.signal` aborts the call and closes its
   * connection. Fails with an OutboundError (the caller's abort stays an AbortError).
   */
  fetch(url: string | URL, init?: OutboundFetchInit): Promise<Response>;
  close(): Promise<void>;
}

export interface OutboundOptions {
  allow?: AllowList;
  /** The whole call, redirects and body included. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  lookup?: Lookup;
  /**
   * A host name that resolves to nothing: 'refused' (default), told exactly as a name at an address
   * not allowed, so whoever typed it cannot tell which inside names exist; 'not-found' says the name is
   * unknown, for the admins' client only (endpoint tests, chat), never one that fetches what users type.
   */
  unresolvedHost?: UnresolvedHost;
  /** `fetch`: how long to wait for the answer's headers. */
  streamFirstByteTimeoutMs?: number;
  /** `fetch`: how long the answer may pause between two chunks. */
  streamIdleTimeoutMs?: number;
  /**
   * TLS: certificates this client trusts INSTEAD of Node's roots. For tests only (a local OAuth
   * provider's self-signed certificate); the address checks apply as ever.
   */
  tls?: { ca?: string | readonly string[] };
}

export const outboundDefaults = {
  timeoutMs: 15_000,
  connectTimeoutMs: 5_000,
  maxResponseBytes: 1024 * 1024,
  maxRedirects: 3,
  streamFirstByteTimeoutMs: 60_000,
  streamIdleTimeoutMs: 300_000,
} as const;

/** Statuses whose answer has no body (a Response refuses one). */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Headers that carry credentials: not sent on to another origin after a redirect. */
const credentialHeaders = new Set(['authorization', 'api-key', 'x-api-key', 'cookie', 'proxy-authorization']);

const parseTarget = (raw: string | URL): URL => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('not a valid url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefusedError(`only http and https urls may be called (${url.protocol})`);
  }
  if (url.username !== '' || url.password !== '')
    throw new OutboundRefusedError('urls with credentials are not called');
  return url;
};

const readBounded = async (
  body: Dispatcher.ResponseData['body'],
  max: number,
  host: string,
): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size > max) {
      body.destroy();
      throw new OutboundError(`${host}: the answer is larger than ${max} bytes`);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
};

const withoutCredentials = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !credentialHeaders.has(k.toLowerCase())));

/**
 * The one HTTP client for addresses someone typed (model endpoints, ops, websites, OAuth issuers):
 * refuses loopback, private, link-local, metadata and other non-public addresses unless OUTBOUND_ALLOW
 * names them (IP literals before anything else, host names once resolved, every redirect again),
 * follows at most `maxRedirects` redirects itself, and bounds the time and the answer's size.
 */
export const createOutboundClient = (options: OutboundOptions = {}): OutboundClient => {
  const allow = options.allow ?? emptyAllowList;
  const timeoutMs = options.timeoutMs ?? outboundDefaults.timeoutMs;
  const maxBytes = options.maxResponseBytes ?? outboundDefaults.maxResponseBytes;
  const maxRedirects = options.maxRedirects ?? outboundDefaults.maxRedirects;
  // Both agents (bounded answers and streams) connect through the same guard.
  const connect = guardedConnector({
    allow,
    lookup: options.lookup ?? systemLookup,
    connectTimeoutMs: options.connectTimeoutMs ?? outboundDefaults.connectTimeoutMs,
    ...(options.unresolvedHost === undefined ? {} : { unresolvedHost: options.unresolvedHost }),
    ...(options.tls?.ca === undefined ? {} : { ca: options.tls.ca }),
  });
  const agent = new Agent({
    connect,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    allowH2: false,
  });

  const request: OutboundClient['request'] = async (raw, init = {}) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    let url = parseTarget(raw);
    let method: OutboundMethod = init.method ?? 'GET';
    let body = init.body;
    let headers = { ...init.headers };
    for (let redirects = 0; ; redirects++) {
      checkLiteral(url.hostname, allow);
      let res: Dispatcher.ResponseData;
      try {
        res = await agent.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method,
          headers,
          ...(body === undefined ? {} : { body }),
          signal,
        });
      } catch (e) {
        throw toOutboundError(e, url.host);
      }
      const location = res.headers['location'];
      if (!redirectStatuses.has(res.statusCode) || typeof location !== 'string') {
        try {
          return {
            status: res.statusCode,
            headers: res.headers,
            body: await readBounded(res.body, maxBytes, url.host),
            url: url.href,
          };
        } catch (e) {
          throw toOutboundError(e, url.host);
        }
      }
      await res.body.dump().catch(() => undefined);
      if (redirects >= maxRedirects)
        throw new OutboundError(`${url.host}: more than ${maxRedirects} redirects`);
      let next: URL;
      try {
        next = parseTarget(new URL(location, url));
      } catch (e) {
        throw e instanceof OutboundError ? e : new OutboundRefusedError('the redirect is not a valid url');
      }
      if (next.origin !== url.origin) headers = withoutCredentials(headers);
      // 303, and 301/302 after a POST, continue as a GET without body (as browsers do).
      if (
        res.statusCode === 303 ||
        ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')
      ) {
        method = 'GET';
        body = undefined;
        headers = Object.fromEntries(
          Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-type'),
        );
      }
      url = next;
    }
  };

  const streamAgent = new Agent({
    connect,
    headersTimeout: options.streamFirstByteTimeoutMs ?? outboundDefaults.streamFirstByteTimeoutMs,
    bodyTimeout: options.streamIdleTimeoutMs ?? outboundDefaults.streamIdleTimeoutMs,
    allowH2: false,
  });

  const fetch: OutboundClient['fetch'] = async (raw, init = {}) => {
    const url = parseTarget(raw);
    checkLiteral(url.hostname, allow);
    try {
      const res = await undiciFetch(url, {
        dispatcher: streamAgent,
        redirect: 'error',
        method: init.method ?? 'GET',
        ...(init.headers ? { headers: init.headers } : {}),
        ...(init.body === undefined ? {} : { body: init.body }),
        ...(init.signal ? { signal: init.signal } : {}),
      });
      // undici's web stream is the one the global Response takes (the DOM lib types it apart).
      const body = res.body as unknown as ConstructorParameters<typeof Response>[0];
      return new Response(nullBodyStatuses.has(res.status) ? null : body, {
        status: res.status,
        statusText: res.statusText,
        headers: [...res.headers],
      });
    } catch (e) {
      if (init.signal?.aborted) throw e;
      // undici wraps the connector's refusal (and the socket's error) as the cause of 'fetch failed'.
      const cause = e instanceof Error ? e.cause : undefined;
      if (cause instanceof Error && /redirect/i.test(cause.message))
        throw new OutboundError(`${url.host}: redirects are not followed`);
      throw toOutboundError(cause instanceof OutboundError ? cause : e, url.host);
    }
  };

  return {
    request,
    fetch,
    close: async () => {
      await Promise.all([agent.close(), streamAgent.close()]);
    },
  };
};
