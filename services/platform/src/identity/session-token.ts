import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The session credential in a cookie or a bearer token: `secret.hmac`, both 43 base64url characters
 * (32 random bytes and an HMAC-SHA256 under SESSION_SECRET). The HMAC lets any instance turn away a
 * forged token without a database read; the session itself lives server-side, found by the secret's
 * SHA-256 (so the sessions table holds nothing that can be replayed).
 */
export interface SessionTokens {
  /** A new token and the hash under which its session is stored. */
  issue(): { token: string; tokenHash: string };
  /** The stored hash of a well-formed, correctly signed token; null for anything else. */
  verify(token: string): string | null;
}

const part = '[A-Za-z0-9_-]{43}';
const tokenShape = new RegExp(`^(${part})\\.(${part})$`);

export const hashSessionSecret = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('base64url');

export const sessionTokens = (signingSecret: string): SessionTokens => {
  const sign = (secret: string) => createHmac('sha256', signingSecret).update(secret).digest('base64url');
  return {
    issue: () => {
      const secret = randomBytes(32).toString('base64url');
      return { token: `${secret}.${sign(secret)}`, tokenHash: hashSessionSecret(secret) };
    },
    verify: (token) => {
      const match = tokenShape.exec(token);
      if (!match) return null;
      const [, secret = '', mac = ''] = match;
      const expected = Buffer.from(sign(secret));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return hashSessionSecret(secret);
    },
  };
};
