import { identityMessages } from '@app/contracts';
import { loopbackHostNames } from '../http/http-names';

export const isLoopbackHost = (host: string): boolean =>
  loopbackHostNames.has(host.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  providerName?: string;
  /** Sign in only with `email_verified: true` (default true). */
  requireVerifiedEmail?: boolean;
}

export type AuthMode = { kind: 'dev' } | { kind: 'oidc'; oidc: OidcSettings; publicUrl: string };

/**
 * How this process signs people in, or why it must not start: the development sign-in (no password)
 * only on a loopback HOST; OIDC only with its issuer, client and PUBLIC_URL all set.
 */
export const resolveAuthMode = (s: {
  AUTH_MODE: 'dev' | 'oidc';
  HOST: string;
  OIDC_ISSUER?: string | undefined;
  OIDC_CLIENT_ID?: string | undefined;
  OIDC_CLIENT_SECRET?: string | undefined;
  OIDC_PROVIDER_NAME?: string | undefined;
  OIDC_REQUIRE_VERIFIED_EMAIL?: boolean | undefined;
  PUBLIC_URL?: string | undefined;
}): AuthMode => {
  if (s.AUTH_MODE === 'dev') {
    if (!isLoopbackHost(s.HOST)) throw new Error(identityMessages.devSignInOnPublicHost(s.HOST));
    return { kind: 'dev' };
  }
  const missing = (['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL'] as const).filter(
    (k) => !s[k],
  );
  if (missing.length > 0 || !s.OIDC_ISSUER || !s.OIDC_CLIENT_ID || !s.OIDC_CLIENT_SECRET || !s.PUBLIC_URL)
    throw new Error(identityMessages.oidcSettingsMissing(missing));
  return {
    kind: 'oidc',
    oidc: {
      issuer: s.OIDC_ISSUER,
      clientId: s.OIDC_CLIENT_ID,
      clientSecret: s.OIDC_CLIENT_SECRET,
      ...(s.OIDC_PROVIDER_NAME ? { providerName: s.OIDC_PROVIDER_NAME } : {}),
      ...(s.OIDC_REQUIRE_VERIFIED_EMAIL === false ? { requireVerifiedEmail: false } : {}),
    },
    publicUrl: s.PUBLIC_URL,
  };
};
