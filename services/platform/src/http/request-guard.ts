import type { FastifyInstance } from 'fastify';
import { identityMessages } from '@app/contracts';
import { installStorableTextGuard } from './storable-text';
import { loopbackHostNames, stateChangingMethods } from './http-names';

export interface HostPolicy {
  /** PUBLIC_URL: its host is the one name (besides loopback) this deployment serves. */
  publicUrl?: URL;
}

/** `host[:port]` of a Host header, split; null when it is not one. */
export const parseHostHeader = (raw: string | undefined): { hostname: string; port: string } | null => {
  if (!raw || raw.length > 300) return null;
  try {
    const url = new URL(`http://${raw}`);
    // Userinfo, paths or other trailing parts: not a plain host.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    return { hostname: url.hostname, port: url.port };
  } catch {
    return null;
  }
};

export const isServedHost = (raw: string | undefined, policy: HostPolicy): boolean => {
  const host = parseHostHeader(raw);
  if (!host) return false;
  return loopbackHostNames.has(host.hostname) || host.hostname === policy.publicUrl?.hostname;
};

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');

/**
 * Whether a Cookie header carries the cookie `name`, read as leniently as the cookie parser that
 * authenticates the request (`a=1; session =x` is the session cookie to it too): over-reading only
 * makes the guard ask for an Origin more often, never less.
 */
export const carriesCookie = (header: string | undefined, name: string): boolean =>
  (header ?? '').split(';').some((pair) => {
    const eq = pair.indexOf('=');
    return eq >= 0 && pair.slice(0, eq).trim() === name;
  });

/**
 * Whether a browser's Origin is this deployment: PUBLIC_URL's origin exactly, or (loopback only) the
 * very host and port the request was sent to.
 */
export const isSameOrigin = (origin: string, hostHeader: string | undefined, policy: HostPolicy): boolean => {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (policy.publicUrl && url.origin === policy.publicUrl.origin) return true;
  const host = parseHostHeader(hostHeader);
  if (!host || !loopbackHostNames.has(url.hostname) || url.hostname !== host.hostname) return false;
  return (url.port || defaultPort(url.protocol)) === (host.port || defaultPort(url.protocol));
};

/**
 * Refuses DNS rebinding and cross-site requests before anything else runs: a Host this deployment
 * does not serve answers 421; a foreign Origin answers 403; a state-changing request or a /live
 * upgrade that rides on the session cookie (not a bearer token) must carry a matching Origin. Then,
 * once the body is parsed, text no column can store (NUL, lone surrogates) answers 400.
 */
export const installRequestGuard = (
  app: FastifyInstance,
  policy: HostPolicy & { cookieName: string; livePath: string },
): void => {
  app.addHook('onRequest', async (request, reply) => {
    const refuse = (code: number, message: string) => {
      // A refused websocket upgrade runs before @fastify/websocket's own hooks, which would otherwise
      // end the raw socket: end it here once the answer is out, or it stays open (and blocks close).
      if (request.headers.upgrade !== undefined) reply.raw.once('finish', () => request.raw.socket.destroy());
      return reply.code(code).header('connection', 'close').send({ success: false, message });
    };
    const host = request.headers.host;
    if (!isServedHost(host, policy))
      return refuse(421, identityMessages.hostNotServed((host ?? '').slice(0, 100)));
    const origin = request.headers.origin;
    const byCookie =
      request.headers.authorization === undefined && carriesCookie(request.headers.cookie, policy.cookieName);
    // The route as matched, not the url as sent: `/%6Cive` and `GET http://x/live` reach /live too.
    // Any websocket upgrade counts (browsers always send an Origin with one).
    const upgrade =
      request.headers.upgrade !== undefined ||
      request.routeOptions.url === policy.livePath ||
      request.url.split('?')[0] === policy.livePath;
    const needsOrigin = byCookie && (stateChangingMethods.has(request.method) || upgrade);
    if (origin === undefined ? needsOrigin : !isSameOrigin(origin, host, policy))
      return refuse(403, identityMessages.originRefused);
    return undefined;
  });
  installStorableTextGuard(app);
};
