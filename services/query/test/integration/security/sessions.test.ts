import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityMessages, routes, sessionCookieName } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../support/test-platform';
import { openLive } from './live-socket';

const admin = 'admin@example.com';
const other = 'other-admin@example.com';
const user = 'user@example.com';
let p: TestPlatform & { url: string };

beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin, other], listen: true, liveSweepEveryMs: 200 });
});
afterAll(async () => {
  await p.close();
});

const me = (token: string, how: 'cookie' | 'bearer') =>
  p.app.inject({
    method: 'GET',
    url: routes.me,
    ...(how === 'cookie'
      ? { cookies: { [sessionCookieName]: token } }
      : { headers: { authorization: `Bearer ${token}` } }),
  });

const devLogin = async (email: string, userAgent = 'session-test') => {
  const res = await p.app.inject({
    method: 'POST',
    url: routes.devLogin,
    payload: { email },
    headers: { 'user-agent': userAgent },
  });
  const cookie = res.cookies.find((c) => c.name === sessionCookieName);
  if (!cookie) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
  return { token: cookie.value, cookie };
};

const logout = (token: string, how: 'cookie' | 'bearer') =>
  p.app.inject({
    method: 'POST',
    url: routes.logout,
    headers: {
      origin: 'http://localhost',
      ...(how === 'bearer' ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(how === 'cookie' ? { cookies: { [sessionCookieName]: token } } : {}),
  });

describe('sessions', () => {
  it('a sign-in is a SignedIn event with the address and user agent, and an HttpOnly, SameSite=Lax cookie', async () => {
    const { cookie } = await devLogin(user, 'Mozilla/5.0 test');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const signedIn = (await p.allEvents()).filter((e) => e.type === 'SignedIn').at(-1);
    expect(signedIn?.data).toMatchObject({
      email: user,
      method: 'dev',
      ip: '127.0.0.1',
      userAgent: 'Mozilla/5.0 test',
    });
    expect(signedIn?.metadata.actor).toEqual({ email: user, kind: 'user' });
    expect(JSON.stringify(signedIn)).not.toContain(cookie.value);
  });

  it.each(['cookie', 'bearer'] as const)(
    'logout by %s ends the session for the cookie and the bearer token alike',
    async (how) => {
      const { token } = await devLogin(user);
      expect((await me(token, 'cookie')).statusCode).toBe(200);
      expect((await me(token, 'bearer')).statusCode).toBe(200);
      expect((await logout(token, how)).statusCode).toBe(200);
      expect((await me(token, 'cookie')).statusCode).toBe(401);
      expect((await me(token, 'bearer')).statusCode).toBe(401);
      const signedOut = (await p.allEvents()).filter((e) => e.type === 'SignedOut').at(-1);
      expect(signedOut?.data).toMatchObject({ email: user, ip: '127.0.0.1' });
    },
  );

  it('signing in again from the same browser ends the session it came with', async () => {
    const first = await devLogin(user);
    const again = await p.app.inject({
      method: 'POST',
      url: routes.devLogin,
      payload: { email: user },
      headers: { origin: 'http://localhost' },
      cookies: { [sessionCookieName]: first.token },
    });
    expect(again.statusCode).toBe(200);
    expect((await me(first.token, 'bearer')).statusCode).toBe(401);
    const second = again.cookies.find((c) => c.name === sessionCookieName)?.value ?? '';
    expect((await me(second, 'bearer')).statusCode).toBe(200);
  });

  it('another session of the same user lives on after one logs out', async () => {
    const a = await devLogin(user);
    const b = await devLogin(user);
    await logout(a.token, 'cookie');
    expect((await me(b.token, 'cookie')).statusCode).toBe(200);
  });

  it('an admin ends every session of a user: SessionRevoked naming the admin', async () => {
    const a = await devLogin(user);
    const b = await devLogin(user);
    const res = await p.call(admin, 'POST', routes.endUserSessions, { body: { email: user } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(res.json<{ ended: number }>().ended).toBeGreaterThanOrEqual(2);
    expect((await me(a.token, 'cookie')).statusCode).toBe(401);
    expect((await me(b.token, 'bearer')).statusCode).toBe(401);
    const revoked = (await p.allEvents()).filter((e) => e.type === 'SessionRevoked');
    expect(revoked.at(-1)?.data).toMatchObject({ email: user, by: admin });
    expect(revoked.at(-1)?.metadata.actor).toEqual({ email: admin, kind: 'admin' });
  });

  it("a user cannot end anyone's sessions", async () => {
    const target = await devLogin(admin);
    const res = await p.call(user, 'POST', routes.endUserSessions, { body: { email: admin } });
    expect(res.statusCode).toBe(403);
    expect((await me(target.token, 'cookie')).statusCode).toBe(200);
  });

  it('a session past its idle or hard expiry is over; use slides the idle expiry', async () => {
    const { token } = await devLogin(user);
    const row = () =>
      p.database.db
        .selectFrom('sessions')
        .selectAll()
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
    const { id } = await row();
    const aWhileAgo = new Date(Date.now() - 5 * 60_000);
    await p.database.db
      .updateTable('sessions')
      .set({ last_seen_at: aWhileAgo, idle_expires_at: new Date(Date.now() + 1000 * 60) })
      .where('id', '=', id)
      .execute();
    expect((await me(token, 'cookie')).statusCode).toBe(200);
    // Slid beside the answer, not before it.
    await expect
      .poll(async () => (await row()).idle_expires_at.getTime())
      .toBeGreaterThan(Date.now() + 60 * 60_000);

    await p.database.db
      .updateTable('sessions')
      .set({ idle_expires_at: aWhileAgo })
      .where('id', '=', id)
      .execute();
    expect((await me(token, 'cookie')).statusCode).toBe(401);
    const second = await devLogin(user);
    await p.database.db
      .updateTable('sessions')
      .set({ expires_at: aWhileAgo })
      .where('token_hash', '!=', '')
      .where('id', '!=', id)
      .where('email', '=', user)
      .execute();
    expect((await me(second.token, 'bearer')).statusCode).toBe(401);
  });

  it('the sessions table holds no usable token', async () => {
    const { token } = await devLogin(user);
    const rows = await p.database.db.selectFrom('sessions').select('token_hash').execute();
    for (const r of rows) expect(token).not.toContain(r.token_hash);
  });
});

describe('live sockets follow their session', () => {
  it('a socket whose session signs out is closed', async () => {
    const { token } = await devLogin(admin);
    const live = await openLive(p, token);
    await logout(token, 'cookie');
    expect(await live.closed).toBe(4401);
  });

  it('an admin removed from the admins has their socket closed', async () => {
    const { token } = await devLogin(other);
    const live = await openLive(p, token);
    const saved = await p.save(admin, [{ type: 'admins', data: [admin] }]);
    expect(saved.status).toBe(200);
    expect(await live.closed).toBe(4403);
  });

  it('a user may hold only so many sockets', async () => {
    const { token } = await devLogin(admin);
    const open = [];
    let refused: Error | undefined;
    try {
      for (let i = 0; i < 25; i++) open.push(await openLive(p, token));
    } catch (e) {
      refused = e as Error;
    }
    expect(open.length).toBe(20);
    expect(refused?.message).toBe('upgrade refused: 429');
    expect(identityMessages.tooManySockets(20)).toContain('20');
    for (const s of open) s.socket.close();
  });
});
