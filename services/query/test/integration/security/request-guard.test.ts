import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityMessages, routes, sessionCookieName } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../support/test-platform';
import { refusedUpgrade } from './live-socket';

const admin = 'admin@example.com';
const rebound = 'attacker.example:3000';
let p: TestPlatform & { url: string };

beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin], listen: true });
});
afterAll(async () => {
  await p.close();
});

const flagSave = {
  configurations: [
    {
      type: 'featureFlags',
      data: { guardTest: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } },
    },
  ],
};

describe('DNS rebinding: a Host the deployment does not serve', () => {
  it('cannot sign in', async () => {
    const before = (await p.allEvents()).length;
    const res = await p.app.inject({
      method: 'POST',
      url: routes.devLogin,
      headers: { host: rebound },
      payload: { email: admin },
    });
    expect(res.statusCode).toBe(421);
    expect(res.json()).toEqual({ success: false, message: identityMessages.hostNotServed(rebound) });
    expect(res.cookies).toEqual([]);
    expect(await p.allEvents()).toHaveLength(before);
  });

  it('cannot run a command, even with a valid session', async () => {
    const session = await p.signIn(admin);
    const before = (await p.allEvents()).length;
    const res = await p.app.inject({
      method: 'POST',
      url: routes.configsUpdate,
      headers: { host: rebound, origin: `http://${rebound}` },
      cookies: { [sessionCookieName]: session },
      payload: flagSave,
    });
    expect(res.statusCode).toBe(421);
    expect(await p.allEvents()).toHaveLength(before);
  });

  it('cannot read the configuration', async () => {
    const session = await p.signIn(admin);
    const res = await p.app.inject({
      method: 'GET',
      url: routes.configs,
      headers: { host: rebound },
      cookies: { [sessionCookieName]: session },
    });
    expect(res.statusCode).toBe(421);
  });

  it('cannot open /live', async () => {
    const session = await p.signIn(admin);
    expect(await refusedUpgrade(p, session, { host: rebound, origin: `http://${rebound}` })).toBe(421);
  });
});

describe('a foreign Origin', () => {
  const foreign = 'https://attacker.example';

  it('cannot sign in', async () => {
    const before = (await p.allEvents()).length;
    const res = await p.app.inject({
      method: 'POST',
      url: routes.devLogin,
      headers: { origin: foreign },
      payload: { email: admin },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: identityMessages.originRefused });
    expect(await p.allEvents()).toHaveLength(before);
  });

  it('cannot run a command on the admin cookie', async () => {
    const before = (await p.allEvents()).length;
    const res = await p.call(admin, 'POST', routes.configsUpdate, {
      body: flagSave,
      headers: { origin: foreign },
    });
    expect(res.statusCode).toBe(403);
    expect(await p.allEvents()).toHaveLength(before);
  });

  it('a command on the cookie without any Origin is refused too; the same with a bearer token goes through', async () => {
    const session = await p.signIn(admin);
    const before = (await p.events()).length;
    const noOrigin = await p.app.inject({
      method: 'POST',
      url: routes.configsUpdate,
      cookies: { [sessionCookieName]: session },
      payload: flagSave,
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(await p.events()).toHaveLength(before);
    const bearer = await p.app.inject({
      method: 'POST',
      url: routes.configsUpdate,
      headers: { authorization: `Bearer ${session}` },
      payload: flagSave,
    });
    expect(bearer.statusCode).toBe(200);
    expect((await p.events()).length).toBeGreaterThan(before);
  });

  it('cannot open /live, and neither can a socket without an Origin', async () => {
    const session = await p.signIn(admin);
    expect(await refusedUpgrade(p, session, { origin: foreign })).toBe(403);
    expect(await refusedUpgrade(p, session, { origin: null })).toBe(403);
    expect(await refusedUpgrade(p, session)).toBe(0);
  });

  it('another port on the same machine is another site', async () => {
    const res = await p.call(admin, 'POST', routes.configsUpdate, {
      body: flagSave,
      headers: { origin: 'http://localhost:8080' },
    });
    expect(res.statusCode).toBe(403);
  });
});
