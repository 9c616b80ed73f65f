import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityMessages, routes, secretRoutes, sessionCookieName } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../support/test-platform';

/*
 * Regressions found by probing the guards as an attacker would: the Origin rule keyed on the url as
 * sent and on one spelling of the cookie, and text PostgreSQL cannot store answered 500.
 */
const admin = 'admin@example.com';
let p: TestPlatform & { url: string };

beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin], listen: true });
});
afterAll(async () => {
  await p.close();
});

/** The status an upgrade to `path` on the session cookie, without any Origin, answers (0: it opened). */
const upgradeWithoutOrigin = (path: string, session: string): Promise<number> => {
  const socket = new WebSocket(`${p.url.replace(/^http/, 'ws')}${path}`, {
    headers: { cookie: `${sessionCookieName}=${session}` },
  });
  socket.on('error', () => undefined);
  return new Promise<number>((resolve) => {
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      resolve(0);
      socket.close();
    });
  });
};

const flagSave = (name: string) => ({
  configurations: [
    {
      type: 'featureFlags',
      data: { [name]: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } },
    },
  ],
});

describe('the Origin rule cannot be stepped around', () => {
  it('a /live upgrade on the cookie needs an Origin however its path is spelled', async () => {
    const session = await p.signIn(admin);
    expect(await upgradeWithoutOrigin('/%6Cive', session)).toBe(403);
    expect(await upgradeWithoutOrigin('/live', session)).toBe(403);
  });

  it('a command on the cookie needs an Origin however the Cookie header spells it', async () => {
    const session = await p.signIn(admin);
    const before = (await p.events()).length;
    const res = await p.app.inject({
      method: 'POST',
      url: routes.configsUpdate,
      headers: { cookie: `theme=dark; ${sessionCookieName} =${session}` },
      payload: flagSave('spacedCookie'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: identityMessages.originRefused });
    expect(await p.events()).toHaveLength(before);
  });
});

describe('text no column can store answers 400, never 500, and appends nothing', () => {
  it('a NUL character or a lone surrogate in a name', async () => {
    const before = (await p.events()).length;
    for (const name of ['bad\u0000flag', 'bad\ud800flag']) {
      const res = await p.call(admin, 'POST', routes.configsUpdate, { body: flagSave(name) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: identityMessages.unstorableText('body.configurations.0.data'),
      });
    }
    expect(await p.events()).toHaveLength(before);
  });

  it('in an endpoint test, a query filter and a path parameter', async () => {
    const before = (await p.events()).length;
    const test = await p.call(admin, 'POST', secretRoutes.testEndpoint, {
      body: { url: 'http://127.0.0.1:9/x', key: 'k', model: 'm\u0000' },
    });
    expect(test.statusCode).toBe(400);
    expect((await p.call(admin, 'GET', `${routes.events}?stream=a%00b`)).statusCode).toBe(400);
    const view = await p.call(admin, 'GET', secretRoutes.endpointTest.replace(':testId', 'a%00b'));
    expect(view.statusCode).toBe(400);
    expect(await p.events()).toHaveLength(before);
  });
});
