import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes } from 'node:crypto';

/*
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 for tests, with a login
 * page of its own: any login is accepted and names an account whose claims the test chooses.
 * Authorization code only, PKCE required, one confidential client.
 */

export interface TestOidcProviderOptions {
  clientId: string;
  clientSecret: string;
  /** The relying party's callback; may be given later with setRedirectUri, before the first sign-in. */
  redirectUri?: string;
  /** Whether the ID token carries the email claims too (default: only userinfo has them). */
  emailInIdToken?: boolean;
}

export type AccountClaims = Record<string, unknown>;

export interface TestOidcProvider {
  /** The issuer, `http://127.0.0.1:<port>`. */
  issuer: string;
  /** The claims of the account a login names; by default the login as a verified email. Settable. */
  claims: (login: string) => AccountClaims;
  /** Registers the client's redirect URI (starts the provider afresh: call before signing in). */
  setRedirectUri(uri: string): void;
  /** The logins that finished the login page, in order. */
  logins: string[];
  /** When false every request answers 503, as a provider that is down. */
  available: boolean;
  /** How many requests reached the userinfo endpoint. */
  userinfoRequests: number;
  close(): Promise<void>;
}

/** The labels of the provider's login page, for browser tests. */
export const providerPage = {
  title: 'Test identity provider',
  loginLabel: 'User name',
  continueButton: 'Continue',
  cancelButton: 'Cancel',
} as const;

// oidc-provider ships no type declarations: what these tests use of it, typed here.
interface Interaction {
  uid: string;
  params: Record<string, unknown>;
}
interface Grant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface Provider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => Grant;
}
type ProviderClass = new (issuer: string, configuration: Record<string, unknown>) => Provider;

const loadProviderClass = async (): Promise<ProviderClass> => {
  const specifier = 'oidc-provider';
  const module = (await import(specifier)) as { default: ProviderClass };
  return module.default;
};

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const loginPage = (uid: string, clientId: string): string => {
  const base = `/interaction/${encodeURIComponent(uid)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${providerPage.title}</title></head>
<body>
  <main>
    <h1>${providerPage.title}</h1>
    <p>Sign in to continue to ${escapeHtml(clientId)}.</p>
    <form method="post" action="${base}/login">
      <label for="login">${providerPage.loginLabel}</label>
      <input id="login" name="login" autocomplete="off" required>
      <button type="submit">${providerPage.continueButton}</button>
    </form>
    <form method="post" action="${base}/abort">
      <button type="submit">${providerPage.cancelButton}</button>
    </form>
  </main>
</body></html>`;
};

const readForm = async (req: IncomingMessage): Promise<URLSearchParams> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > 10_000) throw new Error('form too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const Provider = await loadProviderClass();
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const cookieKey = randomBytes(32).toString('base64url');
  let provider: Provider | undefined;
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;

  const interaction = async (req: IncomingMessage, res: ServerResponse, current: Provider): Promise<void> => {
    const [, , uid = '', action] = (req.url ?? '').split('?')[0]!.split('/');
    const details = await current.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const clientId = String(details.params['client_id']);
    if (req.method === 'GET' && action === undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(loginPage(uid, clientId));
      return;
    }
    if (req.method === 'POST' && action === 'abort') {
      await current.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (req.method === 'POST' && action === 'login') {
      const login = (await readForm(req)).get('login')?.trim() ?? '';
      if (login === '') throw new Error('no login given');
      const grant = new current.Grant({ accountId: login, clientId });
      const scope = details.params['scope'];
      grant.addOIDCScope(typeof scope === 'string' ? scope : 'openid');
      const grantId = await grant.save();
      result.logins.push(login);
      await current.interactionFinished(
        req,
        res,
        { login: { accountId: login }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    res.writeHead(404).end();
  };

  const server = createServer((req, res) => {
    const current = provider;
    if (!current || !handle || !result.available) {
      res.writeHead(503).end();
      return;
    }
    if ((req.url ?? '').startsWith('/interaction/')) {
      interaction(req, res, current).catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(e instanceof Error ? e.message : 'interaction failed');
      });
      return;
    }
    if ((req.url ?? '').startsWith('/me')) result.userinfoRequests += 1;
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = (redirectUris: string[]): void => {
    const next = new Provider(issuer, {
      clients: [
        {
          client_id: options.clientId,
          client_secret: options.clientSecret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, i: Interaction) => `/interaction/${i.uid}` },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: !(options.emailInIdToken ?? false),
      findAccount: (_ctx: unknown, sub: string) => ({
        accountId: sub,
        claims: async () => ({ ...result.claims(sub), sub }),
      }),
      cookies: { keys: [cookieKey] },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid: 'test-key' }] },
    });
    provider = next;
    handle = next.callback();
  };

  const result: TestOidcProvider = {
    issuer,
    claims: (login) => ({ email: login, email_verified: true, name: login }),
    setRedirectUri: (uri) => build([uri]),
    logins: [],
    available: true,
    userinfoRequests: 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
  build(options.redirectUri ? [options.redirectUri] : ['http://127.0.0.1/unset']);
  return result;
}
