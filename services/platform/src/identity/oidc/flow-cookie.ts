import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** What the callback must check: kept in the browser between the redirect and the callback. */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Epoch milliseconds after which the flow is refused. */
  expiresAt: number;
  /** Where the browser goes once signed in (`returnPathAfterSignIn`); `/` when absent. */
  returnTo?: string;
}

const Flow = z.object({
  state: z.string().min(1).max(200),
  nonce: z.string().min(1).max(200),
  codeVerifier: z.string().min(43).max(128),
  expiresAt: z.number().int().positive(),
  returnTo: z.string().max(200).optional(),
});

/** How long a sign-in at the provider may take. */
export const flowLifetimeSeconds = 600;

/** The cookie holding the flow; `__Secure-` when cookies are Secure. */
export const flowCookieName = (secure: boolean): string => (secure ? '__Secure-oidc_flow' : 'oidc_flow');

const signature = (payload: string, secret: string): Buffer =>
  createHmac('sha256', secret).update(`oidc-flow.v1.${payload}`).digest();

/** `<base64url JSON>.<base64url HMAC-SHA256>`: readable by its holder, changeable by nobody. */
export const sealFlow = (flow: OidcFlow, secret: string): string => {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${signature(payload, secret).toString('base64url')}`;
};

/** The flow, or null when the value is missing, altered, signed with another secret or expired. */
export const openFlow = (value: string | undefined, secret: string, now: number): OidcFlow | null => {
  if (!value || value.length > 2000) return null;
  const dot = value.indexOf('.');
  if (dot <= 0 || dot !== value.lastIndexOf('.')) return null;
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64url');
  const expected = signature(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = Flow.safeParse(json);
  if (!parsed.success || parsed.data.expiresAt <= now) return null;
  return parsed.data;
};
