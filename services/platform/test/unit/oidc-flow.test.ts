import { describe, expect, it } from 'vitest';
import { AuthorizationResponseError } from 'openid-client';
import {
  describeOidcError,
  emailFromClaims,
  isLoopbackHttpUrl,
  oauthErrorCode,
  openFlow,
  sealFlow,
  type OidcFlow,
} from '../../src/identity/oidc/index';

const secret = 'a-cookie-secret-of-at-least-32-characters';
const flow: OidcFlow = { state: 'st', nonce: 'no', codeVerifier: 'v'.repeat(43), expiresAt: 1_000 };

describe('the flow cookie', () => {
  it('opens what it sealed until it expires', () => {
    const sealed = sealFlow(flow, secret);
    expect(openFlow(sealed, secret, 999)).toEqual(flow);
    expect(openFlow(sealed, secret, 1_000)).toBeNull();
  });

  it('refuses a value altered, signed with another secret, or malformed', () => {
    const sealed = sealFlow(flow, secret);
    const [payload, mac] = sealed.split('.') as [string, string];
    const otherPayload = Buffer.from(JSON.stringify({ ...flow, state: 'mine' })).toString('base64url');
    expect(openFlow(`${otherPayload}.${mac}`, secret, 0)).toBeNull();
    expect(openFlow(sealed, 'another-secret-of-at-least-32-characters', 0)).toBeNull();
    expect(openFlow(`${payload}.${mac}.x`, secret, 0)).toBeNull();
    expect(openFlow(payload, secret, 0)).toBeNull();
    expect(openFlow('', secret, 0)).toBeNull();
    expect(openFlow(undefined, secret, 0)).toBeNull();
    const notAFlow = Buffer.from(JSON.stringify({ state: 'st' })).toString('base64url');
    expect(openFlow(sealFlow(flow, secret).replace(payload, notAFlow), secret, 0)).toBeNull();
  });
});

describe('the email claim', () => {
  it('names the user, trimmed and lower-cased, when the provider says it is verified', () => {
    expect(emailFromClaims({ email: ' Ada@Example.COM ', email_verified: true })).toEqual({
      ok: true,
      email: 'ada@example.com',
    });
    // No email_verified: an address anyone may have typed at the provider (the "nOAuth" pattern).
    expect(emailFromClaims({ email: 'ada@example.com' })).toMatchObject({
      ok: false,
      reason: 'the email claim is not verified',
    });
    // ...unless the operator says the provider vouches for every address (OIDC_REQUIRE_VERIFIED_EMAIL=false).
    expect(emailFromClaims({ email: 'ada@example.com' }, { requireVerified: false })).toEqual({
      ok: true,
      email: 'ada@example.com',
    });
    expect(
      emailFromClaims({ email: 'ada@example.com', email_verified: false }, { requireVerified: false }),
    ).toMatchObject({ ok: false });
    expect(emailFromClaims({ email: 'ada@example.com', email_verified: false })).toMatchObject({
      ok: false,
      email: 'ada@example.com',
    });
    expect(emailFromClaims({ email: 'ada@example.com', email_verified: 'false' })).toMatchObject({
      ok: false,
    });
    expect(emailFromClaims({ sub: 'x' })).toMatchObject({ ok: false, reason: 'no email claim' });
    expect(emailFromClaims({ email: 'not an email' })).toMatchObject({ ok: false });
    expect(emailFromClaims({ email: 42 })).toMatchObject({ ok: false });
  });
});

describe('insecure http', () => {
  it('is allowed only for an issuer on this machine', () => {
    expect(isLoopbackHttpUrl(new URL('http://127.0.0.1:4000'))).toBe(true);
    expect(isLoopbackHttpUrl(new URL('http://localhost:4000/realm'))).toBe(true);
    expect(isLoopbackHttpUrl(new URL('http://[::1]:4000'))).toBe(true);
    expect(isLoopbackHttpUrl(new URL('http://127.9.8.7'))).toBe(true);
    expect(isLoopbackHttpUrl(new URL('https://127.0.0.1'))).toBe(false);
    expect(isLoopbackHttpUrl(new URL('http://idp.example.com'))).toBe(false);
    expect(isLoopbackHttpUrl(new URL('http://127.0.0.1.example.com'))).toBe(false);
    expect(isLoopbackHttpUrl(new URL('http://localhost.example.com'))).toBe(false);
    expect(isLoopbackHttpUrl(new URL('http://10.0.0.1'))).toBe(false);
  });
});

describe('error descriptions', () => {
  it('keep OAuth error codes and never text a provider could fill with anything', () => {
    expect(oauthErrorCode('access_denied')).toBe('access_denied');
    expect(oauthErrorCode('<script>')).toBe('an unrecognised error');
    expect(oauthErrorCode('x'.repeat(65))).toBe('an unrecognised error');
    const error = new AuthorizationResponseError('authorization response from the server is an error', {
      cause: new URLSearchParams({ error: 'login_required', error_description: 'secret-ish details' }),
    });
    expect(describeOidcError(error)).toBe('the provider answered login_required');
  });
});
