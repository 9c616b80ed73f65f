import { z } from 'zod';
import { Email } from '../email';
import { successBody } from '../success';

export const DevLoginRequest = z.object({ email: Email });
export const MeResponse = z.object({ email: z.string(), isAdmin: z.boolean() });
export type MeResponse = z.infer<typeof MeResponse>;
export const sessionCookieName = 'session';

/** GET /auth/providers: what the sign-in page offers. */
export const AuthProvidersResponse = z.object({
  dev: z.boolean(),
  oidc: z.object({ name: z.string() }).nullable(),
});
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponse>;

/** POST /api/admin/sessions/end */
export const EndUserSessionsRequest = z.object({ email: Email });
export type EndUserSessionsRequest = z.infer<typeof EndUserSessionsRequest>;

/** POST /auth/logout */
export const LogoutResponse = successBody({});
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** POST /api/admin/sessions/end */
export const EndUserSessionsResponse = successBody({
  ended: z.number().int().nonnegative(),
  message: z.string(),
});
export type EndUserSessionsResponse = z.infer<typeof EndUserSessionsResponse>;

/** A query parameter as Fastify parses it: a string, or a list when the name is repeated. */
const queryText = z.union([z.string(), z.array(z.string())]).optional();

/** GET /auth/oidc/callback: what the provider sends the browser back with (read from the URL itself). */
export const OidcCallbackQuery = z.looseObject({
  code: queryText,
  state: queryText,
  iss: queryText,
  error: queryText,
  error_description: queryText,
});

export const healthStatuses = ['ok', 'degraded', 'down'] as const;
const HealthStatus = z.enum(healthStatuses);

/**
 * GET /healthz: every dependency's status (database, LISTEN connections, the job queue...) and the
 * service's: 'ok'; 'degraded' (200) while a dependency it can wait for is down; 'down' (503, `ok`
 * false) without its database.
 */
export const HealthResponse = z.object({
  ok: z.boolean(),
  status: HealthStatus,
  checks: z.record(z.string(), z.object({ status: HealthStatus, detail: z.string().optional() })),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
