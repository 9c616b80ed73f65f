import { describe, expect, it } from 'vitest';
import { emailFromClaims } from '../../src/identity/oidc/index';

describe('the email an OIDC sign-in names', () => {
  it('refuses a claim that only lower-cases into an address (KELVIN SIGN)', () => {
    expect(emailFromClaims({ email: '\u212Aim@example.com', email_verified: true })).toMatchObject({
      ok: false,
    });
    expect(emailFromClaims({ email: 'kim@example.com', email_verified: true })).toEqual({
      ok: true,
      email: 'kim@example.com',
    });
  });

  it('refuses any other character than printable ASCII', () => {
    for (const email of ['ki\u0000m@example.com', 'kim@exa\u200bmple.com', 'jos\u00e9@example.com']) {
      expect(emailFromClaims({ email, email_verified: true })).toMatchObject({ ok: false });
    }
  });
});
