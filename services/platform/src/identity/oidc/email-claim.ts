import { Email } from '@app/contracts';

export type EmailClaimResult = { ok: true; email: string } | { ok: false; reason: string; email?: string };

/** Printable ASCII: what an address the platform keys users by may hold, before any case folding. */
const plainAscii = /^[\x20-\x7e]+$/;

/**
 * The user an OpenID Connect sign-in names: the `email` claim, trimmed and lower-cased, when the
 * provider says it is verified (`email_verified: true`), or, with `requireVerified` off, unless it
 * says it is not. A claim with any other character than printable ASCII is
 * refused before lower-casing: `\u212Aim@example.com` (KELVIN SIGN) would otherwise lower-case
 * to another person's `kim@example.com`.
 */
export const emailFromClaims = (
  claims: Readonly<Record<string, unknown>>,
  opts: { requireVerified: boolean } = { requireVerified: true },
): EmailClaimResult => {
  const raw = claims['email'];
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, reason: 'no email claim' };
  if (!plainAscii.test(raw.trim())) return { ok: false, reason: 'the email claim is not an email address' };
  const parsed = Email.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'the email claim is not an email address' };
  const verified = claims['email_verified'];
  const isVerified = verified === true || verified === 'true';
  if (opts.requireVerified ? !isVerified : verified === false || verified === 'false') {
    return { ok: false, reason: 'the email claim is not verified', email: parsed.data };
  }
  return { ok: true, email: parsed.data };
};

/** Whether claims carry an email at all (an ID token without one: ask userinfo). */
export const hasEmailClaim = (claims: Readonly<Record<string, unknown>> | undefined): boolean =>
  typeof claims?.['email'] === 'string';
