import { z } from 'zod';
import { Email } from '../email';

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
