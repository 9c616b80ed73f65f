import { createHmac, timingSafeEqual } from 'node:crypto';

/** A stateless signed session: `base64url(email|expiresAt).hmac`. Any instance with the secret can check it. */
export interface SessionTokens {
  issue(email: string, now?: number): string;
  verify(token: string, now?: number): string | null;
}

const week = 7 * 24 * 3600 * 1000;

export const sessionTokens = (secret: string, ttlMs = week): SessionTokens => {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('base64url');
  return {
    issue: (email, now = Date.now()) => {
      const body = Buffer.from(`${email}|${now + ttlMs}`).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    verify: (token, now = Date.now()) => {
      const [body, mac] = token.split('.');
      if (!body || !mac) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const [email, expires] = Buffer.from(body, 'base64url').toString().split('|');
      if (!email || !expires || Number(expires) < now) return null;
      return email;
    },
  };
};
