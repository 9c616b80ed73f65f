import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMessages, routes, type MeResponse } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';

const admin = 'admin@example.com';
const user = 'user@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin] });
});
afterAll(async () => {
  await p.close();
});

const adminRoutes = [
  ['GET', routes.configs],
  ['POST', routes.configsUpdate],
  ['GET', routes.events],
] as const;

describe('who may call the admin routes', () => {
  it('dev-login answers who signed in and whether they are an admin', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: routes.devLogin,
      payload: { email: ' Admin@Example.com ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<MeResponse>()).toEqual({ email: admin, isAdmin: true });
    const other = await p.app.inject({ method: 'POST', url: routes.devLogin, payload: { email: user } });
    expect(other.json<MeResponse>()).toEqual({ email: user, isAdmin: false });
  });

  it.each(adminRoutes)('%s %s: anonymous gets 401', async (method, url) => {
    const before = (await p.events()).length;
    const res = await p.call(
      null,
      method,
      url,
      method === 'POST' ? { body: { configurations: [{ type: 'admins', data: [user] }] } } : {},
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: platformMessages.signInRequired });
    expect(await p.events()).toHaveLength(before);
  });

  it.each(adminRoutes)('%s %s: a signed-in non-admin gets 403', async (method, url) => {
    const before = (await p.events()).length;
    const res = await p.call(
      user,
      method,
      url,
      method === 'POST' ? { body: { configurations: [{ type: 'admins', data: [user] }] } } : {},
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: platformMessages.adminsOnly });
    expect(await p.events()).toHaveLength(before);
  });

  it('a session token with an extra segment, or a forged one, is anonymous', async () => {
    const token = await p.signIn(admin);
    for (const bad of [`${token}.x`, `x${token}`, token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))]) {
      const res = await p.app.inject({ method: 'GET', url: routes.configs, cookies: { session: bad } });
      expect(res.statusCode).toBe(401);
      const bearer = await p.app.inject({
        method: 'GET',
        url: routes.configs,
        headers: { authorization: `Bearer ${bad}` },
      });
      expect(bearer.statusCode).toBe(401);
    }
  });

  it('a forged session cookie is anonymous', async () => {
    const res = await p.app.inject({
      method: 'GET',
      url: routes.configs,
      cookies: { session: 'YWRtaW5AZXhhbXBsZS5jb218OTk5OTk5OTk5OTk5OQ.forged' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('an admin gets the configurations', async () => {
    const res = await p.call(admin, 'GET', routes.configs);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { admins: [admin], featureFlags: {} } });
  });

  it('GET /amplifymin/feature_flags is for every signed-in user, not anonymous', async () => {
    expect((await p.call(null, 'GET', routes.featureFlags)).statusCode).toBe(401);
    expect((await p.call(user, 'GET', routes.featureFlags)).statusCode).toBe(200);
  });
});
