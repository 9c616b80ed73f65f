import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type RawServerDefault,
} from 'fastify';
import cookie from '@fastify/cookie';
import { HealthResponse, routes, type ApiKeyAccessType } from '@app/contracts';
import type { Db } from '../db/database';
import { readModelAdminDirectory } from '../identity/admin-directory';
import { identityPlugin } from '../identity/identity-plugin';
import { authRoutes } from '../identity/auth-routes';
import type { OidcSettings } from '../identity/auth-mode';
import { oidcRoutes } from '../identity/oidc/index';
import { createSessions, type SessionPolicy, type Sessions } from '../identity/sessions';
import { sessionTokens } from '../identity/session-token';
import type { Logger } from '../logging/logger';
import { installErrorHandler } from './error-handler';
import { installJsonDepthLimit } from './json-depth';
import {
  createHealthRegistry,
  databaseHealthCheck,
  listenersHealthCheck,
  type HealthRegistry,
} from './health';
import { installRateLimits, defaultRateLimits, type RateLimits } from './rate-limits';
import { installRequestGuard } from './request-guard';
import { requestIdFactory } from './request-context';
import { installSecurityHeaders } from './security-headers';
import { installOpenApi } from './openapi';
import { installZodSchemas } from './zod-schemas';
import { metricsRoute } from '../metrics/metrics-route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server-side sessions: who is signed in, and the power to end it. */
    sessions: Sessions;
    /** Every route registered on this app, as registered (for the authorisation matrix and the API docs). */
    registeredRoutes(): readonly RegisteredRoute[];
    /** What /healthz reports: every part of the service adds the dependencies it needs (`app.health.add`). */
    health: HealthRegistry;
    /** The address of `path` as the browser reaches it: under PUBLIC_URL, else the host it used (loopback). */
    publicAddress(request: FastifyRequest, path: string): string;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  websocket: boolean;
  /** The access type an API key needs here (none: keys are refused). */
  apiKeyAccess: ApiKeyAccessType | undefined;
}

export interface ServiceAppOptions {
  db: Db;
  logger: Logger;
  /** SESSION_SECRET: signs session tokens and the OIDC flow cookie (state, nonce, PKCE verifier). */
  sessionSecret: string;
  devLogin: boolean;
  oidc?: OidcSettings;
  /** PUBLIC_URL: the only host served besides loopback; https turns on Secure, __Host- cookies and HSTS. */
  publicUrl?: string;
  sessionPolicy?: Partial<SessionPolicy>;
  rateLimits?: Partial<RateLimits>;
  /** REDIS_URL: the rate limits' counters live there; without it, in PostgreSQL (every instance shares them either way). */
  redisUrl?: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy?: boolean;
  /** The checks /healthz runs (default: a new registry); the database and the LISTEN connections are added. */
  health?: HealthRegistry;
  /** METRICS_TOKEN: lets a scraper read /metrics without a session (admins always may). */
  metricsToken?: string;
}

const hour = 3600 * 1000;

/**
 * The address of `path` as the browser reaches it, for a provider to send it back to (the OIDC
 * sign-in's, an integration's): under PUBLIC_URL, or (loopback only, the Host guard has checked it)
 * the very host the browser used, so the flow cookie comes back with it.
 */
const addressUnder =
  (publicUrl: URL | undefined) =>
  (request: FastifyRequest, path: string): string =>
    publicUrl ? new URL(path, publicUrl).href : `http://${request.headers.host ?? '127.0.0.1'}${path}`;

/**
 * A Fastify instance as every service starts it: JSON logs without bodies, request ids, the error
 * answers, the Host/Origin guard, security headers, rate limits, who is calling (401/403 guards),
 * server-side sessions with the /auth routes, /healthz, /metrics and the OpenAPI docs (/api/docs).
 */
export const createServiceApp = async (opts: ServiceAppOptions): Promise<FastifyInstance> => {
  const app: FastifyInstance = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: opts.logger,
    genReqId: requestIdFactory,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // One hop: the proxy in front (Caddy) appends the address it saw; earlier entries are the client's word.
    trustProxy: opts.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
  });
  installErrorHandler(app);
  installJsonDepthLimit(app);
  installZodSchemas(app);
  const registered: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const websocket = 'websocket' in route && route.websocket === true;
    for (const method of methods)
      if (method !== 'HEAD')
        registered.push({ method, url: route.url, websocket, apiKeyAccess: route.config?.apiKeyAccess });
  });
  app.decorate('registeredRoutes', () => registered);
  const publicUrl = opts.publicUrl ? new URL(opts.publicUrl) : undefined;
  const https = publicUrl?.protocol === 'https:';
  const admins = readModelAdminDirectory(opts.db);
  const sessions = createSessions({
    db: opts.db,
    tokens: sessionTokens(opts.sessionSecret),
    admins,
    policy: { idleMs: 7 * 24 * hour, maxMs: 30 * 24 * hour, secureCookies: https, ...opts.sessionPolicy },
  });
  app.decorate('sessions', sessions);
  app.decorate('publicAddress', addressUnder(publicUrl));
  installRequestGuard(app, {
    ...(publicUrl ? { publicUrl } : {}),
    cookieName: sessions.cookieName,
    livePath: routes.live,
  });
  await installSecurityHeaders(app, { https });
  await app.register(cookie);
  await app.register(identityPlugin, {
    authenticate: (request) => sessions.authenticate(request),
    recall: (request) => sessions.recall(request),
    admins,
    apiKeys: opts.db,
  });
  await installRateLimits(
    app,
    { ...defaultRateLimits, ...opts.rateLimits },
    { db: opts.db, ...(opts.redisUrl ? { redisUrl: opts.redisUrl } : {}) },
  );
  // Before every route, so the OpenAPI document lists them all.
  await installOpenApi(app);
  await app.register(
    metricsRoute({ logger: opts.logger, ...(opts.metricsToken ? { token: opts.metricsToken } : {}) }),
  );
  const oidcName = opts.oidc ? (opts.oidc.providerName ?? new URL(opts.oidc.issuer).host) : null;
  await app.register(authRoutes({ sessions, devLogin: opts.devLogin, oidcName }));
  if (opts.oidc && oidcName) {
    await app.register(
      oidcRoutes({
        sessions,
        issuer: opts.oidc.issuer,
        clientId: opts.oidc.clientId,
        clientSecret: opts.oidc.clientSecret,
        providerName: oidcName,
        redirectUri: (request) => app.publicAddress(request, routes.oidcCallback),
        cookieSecret: opts.sessionSecret,
        secureCookies: https,
        ...(opts.oidc.requireVerifiedEmail === false ? { requireVerifiedEmail: false } : {}),
      }),
    );
  }
  const healthChecks = opts.health ?? createHealthRegistry();
  healthChecks.add(databaseHealthCheck(opts.db));
  healthChecks.add(listenersHealthCheck());
  app.decorate('health', healthChecks);
  const health = { response: { 200: HealthResponse, 503: HealthResponse } };
  app.withTypeProvider<ZodTypeProvider>().get(routes.health, { schema: health }, async (_request, reply) => {
    const report = await healthChecks.report();
    // 200 while the service can answer (ok, or degraded while a dependency it can wait for is down).
    return reply
      .code(report.status === 'down' ? 503 : 200)
      .header('cache-control', 'no-store')
      .send({ ok: report.status !== 'down', ...report });
  });
  return app;
};
