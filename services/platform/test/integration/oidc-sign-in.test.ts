import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { routes, sessionCookieName, type MeResponse } from '@app/contracts';
import {
  createOidcConfigLoader,
  flowCookieName,
  oidcRoutes,
  openFlow,
  sealFlow,
  type SessionService,
  type SignInMethod,
} from '../../src/index';
import { startTestOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { cookieAgent, type CookieAgent } from '../support/cookie-agent';

const clientId = 'platform';
const clientSecret = 'a-client-secret-that-must-never-be-logged';
const cookieSecret = 'a-cookie-secret-of-at-least-32-characters';
const flowCookie = flowCookieName(false);

interface Recorded {
  signIns: { email: string; method: SignInMethod }[];
  refusals: { method: SignInMethod; reason: string; email?: string }[];
}

/** Records what the plugin asks of sessions; a sign-in sets a recognisable cookie. */
const fakeSessions = (): SessionService & Recorded => {
  const recorded: Recorded = { signIns: [], refusals: [] };
  return {
    ...recorded,
    signIn: async (_request, reply, email, method) => {
      recorded.signIns.push({ email, method });
      void reply.setCookie(sessionCookieName, `signed-in-${recorded.signIns.length}`, { path: '/' });
      const me: MeResponse = { email, isAdmin: false };
      return me;
    },
    refuse: async (_request, method, reason, email) => {
      recorded.refusals.push({ method, reason, ...(email === undefined ? {} : { email }) });
    },
  };
};

interface Rig {
  app: FastifyInstance;
  url: string;
  sessions: ReturnType<typeof fakeSessions>;
}

const startApp = async (issuer: string): Promise<Rig> => {
  const sessions = fakeSessions();
  const app = Fastify();
  let url = '';
  await app.register(
    oidcRoutes({
      sessions,
      issuer,
      clientId,
      clientSecret,
      providerName: 'Test IdP',
      redirectUri: () => `${url}${routes.oidcCallback}`,
      cookieSecret,
      secureCookies: false,
    }),
  );
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, sessions };
};

let provider: TestOidcProvider;
let rig: Rig;
let agent: CookieAgent;

beforeAll(async () => {
  provider = await startTestOidcProvider({ clientId, clientSecret });
  rig = await startApp(provider.issuer);
  provider.setRedirectUri(`${rig.url}${routes.oidcCallback}`);
});

afterAll(async () => {
  await rig?.app.close();
  await provider?.close();
});

afterEach(() => {
  rig.sessions.signIns.length = 0;
  rig.sessions.refusals.length = 0;
  provider.claims = (login) => ({ email: login, email_verified: true, name: login });
});

const isCallback = (url: URL): boolean => url.pathname === routes.oidcCallback;

/** From the platform's login route to the provider's login page. */
const openLoginPage = async (): Promise<URL> => {
  agent = cookieAgent();
  const { url, response } = await agent.follow(`${rig.url}${routes.oidcLogin}`);
  expect(response.status).toBe(200);
  expect(url.origin).toBe(provider.issuer);
  expect(await response.text()).toContain('User name');
  return url;
};

/** Logs in at the provider and stops at the redirect back to the platform's callback. */
const loginAtProvider = async (login: string): Promise<URL> => {
  const page = await openLoginPage();
  const { url } = await agent.follow(`${page.href}/login`, isCallback, { method: 'POST', form: { login } });
  expect(isCallback(url)).toBe(true);
  return url;
};

const callback = (url: URL) => agent.request(url.href);

describe('OIDC sign-in against a real provider', () => {
  it('redirects to the provider with PKCE, state and nonce, and keeps them in a signed HttpOnly cookie', async () => {
    agent = cookieAgent();
    const response = await agent.request(`${rig.url}${routes.oidcLogin}`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    expect(location.searchParams.get('redirect_uri')).toBe(`${rig.url}${routes.oidcCallback}`);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${flowCookie}=`))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toContain(`Path=${routes.oidcCallback}`);
    const flow = openFlow(agent.cookie('127.0.0.1', flowCookie), cookieSecret, Date.now())!;
    expect(location.searchParams.get('state')).toBe(flow.state);
    expect(location.searchParams.get('nonce')).toBe(flow.nonce);
    expect(location.searchParams.get('code_challenge')).not.toBe(flow.codeVerifier);
    expect(JSON.stringify(response.headers)).not.toContain(clientSecret);
  });

  it('signs in the user the email claim names (from userinfo), lower-cased, then goes to /', async () => {
    const back = await loginAtProvider('Ada.Lovelace@Example.COM');
    const userinfoBefore = provider.userinfoRequests;
    const response = await callback(back);
    expect(provider.userinfoRequests).toBe(userinfoBefore + 1);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(rig.sessions.signIns).toEqual([{ email: 'ada.lovelace@example.com', method: 'oidc' }]);
    expect(rig.sessions.refusals).toEqual([]);
    expect(agent.cookie('127.0.0.1', sessionCookieName)).toBe('signed-in-1');
    expect(agent.cookie('127.0.0.1', flowCookie)).toBeUndefined();
    expect(provider.logins).toContain('Ada.Lovelace@Example.COM');
  });

  it("lands back on a published assistant's page it started from, and on / for anything else", async () => {
    const signInFrom = async (returnTo: string) => {
      agent = cookieAgent();
      const start = `${rig.url}${routes.oidcLogin}?returnTo=${encodeURIComponent(returnTo)}`;
      const { url: page } = await agent.follow(start);
      const { url } = await agent.follow(`${page.href}/login`, isCallback, {
        method: 'POST',
        form: { login: 'grace@example.com' },
      });
      return (await callback(url)).headers.get('location');
    };
    expect(await signInFrom('/assistants/ferry-guide')).toBe('/assistants/ferry-guide');
    expect(await signInFrom('https://evil.example/assistants/x')).toBe('/');
    expect(await signInFrom('//evil.example/')).toBe('/');
  });

  it('takes the email from the ID token when the provider puts it there', async () => {
    const idTokenProvider = await startTestOidcProvider({ clientId, clientSecret, emailInIdToken: true });
    const other = await startApp(idTokenProvider.issuer);
    idTokenProvider.setRedirectUri(`${other.url}${routes.oidcCallback}`);
    idTokenProvider.claims = () => ({ email: '  Grace@Example.com ', email_verified: true });
    try {
      agent = cookieAgent();
      const { url: page } = await agent.follow(`${other.url}${routes.oidcLogin}`);
      const { url: back } = await agent.follow(`${page.href}/login`, isCallback, {
        method: 'POST',
        form: { login: 'grace' },
      });
      const response = await agent.request(back.href);
      expect(response.headers.get('location')).toBe('/');
      expect(other.sessions.signIns).toEqual([{ email: 'grace@example.com', method: 'oidc' }]);
      expect(idTokenProvider.userinfoRequests).toBe(0);
    } finally {
      await other.app.close();
      await idTokenProvider.close();
    }
  });

  it('refuses a callback whose state is not the one of the sign-in in progress', async () => {
    const back = await loginAtProvider('mallory@example.com');
    back.searchParams.set('state', 'a-state-from-another-sign-in');
    const response = await callback(back);
    expect(response.headers.get('location')).toBe('/?signInError=expired');
    expect(rig.sessions.signIns).toEqual([]);
    expect(rig.sessions.refusals).toEqual([
      { method: 'oidc', reason: 'the state does not match the sign-in in progress' },
    ]);
    expect(agent.cookie('127.0.0.1', sessionCookieName)).toBeUndefined();
  });

  it('refuses a callback without a sign-in in progress (no flow cookie, or an altered one)', async () => {
    const back = await loginAtProvider('mallory@example.com');
    const sealed = agent.cookie('127.0.0.1', flowCookie)!;
    agent.deleteCookie('127.0.0.1', flowCookie);
    expect((await callback(back)).headers.get('location')).toBe('/?signInError=expired');
    agent.setCookie('127.0.0.1', flowCookie, `${sealed.slice(0, -2)}xx`);
    expect((await callback(back)).headers.get('location')).toBe('/?signInError=expired');
    const forged = sealFlow(
      openFlow(sealed, cookieSecret, Date.now())!,
      'another-secret-of-32-characters-at-least',
    );
    agent.setCookie('127.0.0.1', flowCookie, forged);
    expect((await callback(back)).headers.get('location')).toBe('/?signInError=expired');
    expect(rig.sessions.signIns).toEqual([]);
    expect(rig.sessions.refusals).toHaveLength(3);
  });

  it('refuses the sign-in the user cancels at the provider', async () => {
    const page = await openLoginPage();
    const { url } = await agent.follow(`${page.href}/abort`, isCallback, { method: 'POST', form: {} });
    expect(url.searchParams.get('error')).toBe('access_denied');
    const response = await callback(url);
    expect(response.headers.get('location')).toBe('/?signInError=cancelled');
    expect(rig.sessions.signIns).toEqual([]);
    expect(rig.sessions.refusals).toEqual([
      { method: 'oidc', reason: 'the provider answered access_denied' },
    ]);
  });

  it('refuses a code verifier that does not match the challenge (PKCE) and a nonce that does not match', async () => {
    for (const change of ['codeVerifier', 'nonce'] as const) {
      const back = await loginAtProvider('eve@example.com');
      const flow = openFlow(agent.cookie('127.0.0.1', flowCookie), cookieSecret, Date.now())!;
      const altered = { ...flow, [change]: change === 'nonce' ? 'another-nonce' : 'v'.repeat(43) };
      agent.setCookie('127.0.0.1', flowCookie, sealFlow(altered, cookieSecret));
      const response = await callback(back);
      expect(response.headers.get('location')).toBe('/?signInError=failed');
    }
    expect(rig.sessions.signIns).toEqual([]);
    const [pkce, nonce] = rig.sessions.refusals;
    expect(pkce?.reason).toContain('invalid_grant');
    expect(nonce?.reason).toMatch(/nonce/);
  });

  it('refuses a code used twice (the token exchange fails), never saying the code', async () => {
    const back = await loginAtProvider('ada@example.com');
    const sealed = agent.cookie('127.0.0.1', flowCookie)!;
    expect((await callback(back)).headers.get('location')).toBe('/');
    agent.setCookie('127.0.0.1', flowCookie, sealed);
    expect((await callback(back)).headers.get('location')).toBe('/?signInError=failed');
    expect(rig.sessions.signIns).toHaveLength(1);
    const [refusal] = rig.sessions.refusals;
    expect(refusal?.reason).toContain('invalid_grant');
    expect(refusal?.reason).not.toContain(back.searchParams.get('code')!);
    expect(refusal?.reason).not.toContain(clientSecret);
  });

  it('refuses an account without a verified email, naming the email for the record', async () => {
    provider.claims = (login) => ({ email: login, email_verified: false });
    const back = await loginAtProvider('unverified@example.com');
    expect((await callback(back)).headers.get('location')).toBe('/?signInError=noEmail');
    provider.claims = () => ({ name: 'No Email' });
    const again = await loginAtProvider('no-email');
    expect((await callback(again)).headers.get('location')).toBe('/?signInError=noEmail');
    expect(rig.sessions.signIns).toEqual([]);
    expect(rig.sessions.refusals).toEqual([
      { method: 'oidc', reason: 'the email claim is not verified', email: 'unverified@example.com' },
      { method: 'oidc', reason: 'no email claim' },
    ]);
  });

  it('refuses while the provider is down, and discovers it on the next sign-in once it is back', async () => {
    const fresh = await startApp(provider.issuer);
    try {
      provider.available = false;
      agent = cookieAgent();
      const down = await agent.request(`${fresh.url}${routes.oidcLogin}`);
      expect(down.headers.get('location')).toBe('/?signInError=unavailable');
      expect(fresh.sessions.refusals).toHaveLength(1);
      expect(fresh.sessions.refusals[0]?.reason).toMatch(/could not be discovered/);
      provider.available = true;
      const up = await agent.request(`${fresh.url}${routes.oidcLogin}`);
      expect(up.status).toBe(302);
      expect(new URL(up.headers.get('location')!).origin).toBe(provider.issuer);
    } finally {
      provider.available = true;
      await fresh.app.close();
    }
  });
});

describe('discovery', () => {
  it('refuses a plain http issuer that is not on this machine, before any request', async () => {
    const loader = createOidcConfigLoader({ issuer: 'http://provider.invalid', clientId, clientSecret });
    await expect(loader.get()).rejects.toThrow(/HTTPS/);
  });
});
