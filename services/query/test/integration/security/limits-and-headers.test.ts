import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityMessages, routes, sessionCookieName } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { startTestPlatform, type TestPlatform } from '../../support/test-platform';

const admin = 'admin@example.com';
let p: TestPlatform & { url: string };
let adminSession = '';
let firstSignIn: LightMyRequestResponse | undefined;

beforeAll(async () => {
  p = await startTestPlatform({
    admins: [admin],
    rateLimits: { signInPerMinute: 3, commandsPerMinute: 2 },
    service: { publicUrl: 'https://chat.example.org' },
  });
  const res = await p.app.inject({
    method: 'POST',
    url: routes.devLogin,
    headers: { host, origin },
    payload: { email: admin },
  });
  adminSession = res.cookies.find((c) => c.name === '__Host-session')?.value ?? '';
});
afterAll(async () => {
  await p.close();
});

const host = 'chat.example.org';
const origin = 'https://chat.example.org';

describe('rate limits', () => {
  it('sign-in: past the limit per address, 429 with Retry-After, and no session', async () => {
    const answers = [];
    // beforeAll spent one of the three.
    for (let i = 0; i < 3; i++)
      answers.push(
        await p.app.inject({
          method: 'POST',
          url: routes.devLogin,
          headers: { host, origin },
          payload: { email: `u${i}@example.com` },
        }),
      );
    expect(answers.slice(0, 2).map((a) => a.statusCode)).toEqual([200, 200]);
    firstSignIn = answers[0];
    const refused = answers[2]!;
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ success: false, message: identityMessages.tooManyRequests(retryAfter) });
    expect(refused.cookies).toEqual([]);
  });

  it('commands: past the limit per user, 429 with Retry-After, and nothing appended', async () => {
    // Signed in before the sign-in limit was spent (beforeAll).
    const session = adminSession;
    const save = (i: number) =>
      p.app.inject({
        method: 'POST',
        url: routes.configsUpdate,
        headers: { host, origin },
        cookies: { '__Host-session': session },
        payload: {
          configurations: [
            {
              type: 'featureFlags',
              data: { [`flag${i}`]: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } },
            },
          ],
        },
      });
    expect(session).not.toBe('');
    expect((await save(1)).statusCode).toBe(200);
    expect((await save(2)).statusCode).toBe(200);
    const before = (await p.events()).length;
    const refused = await save(3);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await p.events()).toHaveLength(before);
  });
});

describe('served over https (PUBLIC_URL)', () => {
  it('the session cookie is __Host- prefixed, Secure, HttpOnly and SameSite=Lax', () => {
    const cookie = firstSignIn?.cookies.find((c) => c.name.endsWith('session'));
    expect(cookie).toMatchObject({
      name: '__Host-session',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
  });

  it('answers carry a CSP without framing, and no sniffing', async () => {
    const res = await p.app.inject({ method: 'GET', url: routes.health, headers: { host } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('the plain session cookie name is not honoured there', async () => {
    const res = await p.app.inject({
      method: 'GET',
      url: routes.me,
      headers: { host },
      cookies: { [sessionCookieName]: adminSession },
    });
    expect(res.statusCode).toBe(401);
  });
});
