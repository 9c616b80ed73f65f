import cookie from '@fastify/cookie';
import { z } from 'zod';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  fetchUserInfo,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
  type Configuration,
} from 'openid-client';
import {
  errorResponses,
  OidcCallbackQuery,
  returnPathAfterSignIn,
  routes,
  type SignInErrorCode,
} from '@app/contracts';
import type { SessionService } from '../session-service';
import { installZodSchemas } from '../../http/zod-schemas';
import { createOidcConfigLoader, type OidcConfigLoader } from './oidc-config';
import { flowCookieName, flowLifetimeSeconds, openFlow, sealFlow } from './flow-cookie';
import { emailFromClaims, hasEmailClaim } from './email-claim';
import { describeOidcError, oauthErrorCode } from './describe-error';

export interface OidcRoutesOptions {
  sessions: SessionService;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The name on the sign-in button. */
  providerName: string;
  /** `<PUBLIC_URL>/auth/oidc/callback`, as registered at the provider. */
  /** Where the provider sends the browser back, for this request (its Host has been checked). */
  redirectUri: (request: FastifyRequest) => string;
  /** Signs the cookie that carries state, nonce and PKCE verifier between redirect and callback. */
  cookieSecret: string;
  secureCookies: boolean;
  /** Replaces discovery (tests); by default the issuer's metadata is discovered on first use. */
  configLoader?: OidcConfigLoader;
  now?: () => number;
  /**
   * Sign in only with `email_verified: true` (default). Off only for a provider that vouches for
   * every address it hands out without saying so (some Entra ID tenants): there, anyone who can set
   * their own email at the provider could sign in as another person.
   */
  requireVerifiedEmail?: boolean;
}

/** What the platform asks for: who the user is and their email. */
export const oidcScopes = 'openid email profile';

/** Where a refused sign-in lands: the sign-in page, which explains the code. */
export const signInErrorLocation = (code: SignInErrorCode): string => `/?signInError=${code}`;

/**
 * The callback's request as its log lines show it: the path only. Its query holds the authorization
 * code and the state, which no log may keep.
 */
export const callbackLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
  }),
};

class Refusal extends Error {
  constructor(
    readonly code: SignInErrorCode,
    readonly reason: string,
    readonly email?: string,
  ) {
    super(reason);
  }
}

/**
 * OpenID Connect sign-in, authorization code with PKCE, `state` and `nonce`: GET /auth/oidc/login
 * redirects to the provider, GET /auth/oidc/callback checks its answer, then starts a session
 * through `sessions` and goes to `/`, or records the refusal and goes to `/?signInError=<code>`.
 */
export const oidcRoutes =
  (opts: OidcRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    if (!app.hasDecorator('parseCookie')) await app.register(cookie);
    // Its schemas are zod contracts, whichever app registers it (createServiceApp sets the same).
    installZodSchemas(app);
    const loader =
      opts.configLoader ??
      createOidcConfigLoader({
        issuer: opts.issuer,
        clientId: opts.clientId,
        clientSecret: opts.clientSecret,
      });
    const now = opts.now ?? Date.now;
    const cookieName = flowCookieName(opts.secureCookies);
    const cookieOptions = {
      path: routes.oidcCallback,
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: opts.secureCookies,
    };

    const providerConfig = async (request: FastifyRequest): Promise<Configuration> => {
      try {
        return await loader.get();
      } catch (e) {
        const reason = `the provider's configuration could not be discovered: ${describeOidcError(e)}`;
        request.log.warn({ issuer: opts.issuer, reason }, 'OIDC discovery failed');
        throw new Refusal('unavailable', reason);
      }
    };

    const refuse = async (request: FastifyRequest, reply: FastifyReply, refusal: Refusal) => {
      await opts.sessions.refuse(request, 'oidc', refusal.reason, refusal.email);
      return reply.redirect(signInErrorLocation(refusal.code), 302);
    };

    // A redirect has no body to describe: `null`, with where it points.
    const redirect = (description: string) => ({
      302: z.null().describe(description),
      429: errorResponses[429],
    });
    const loginSchema = {
      description:
        'Starts the OpenID Connect sign-in: a redirect to the provider (authorization code, PKCE). ' +
        "`returnTo`: the app's page to land on once signed in (a published assistant's), else /.",
      querystring: z.object({ returnTo: z.string().max(200).optional() }),
      response: redirect("To the provider's sign-in page, or to /?signInError=<code>."),
    };
    app.get(routes.oidcLogin, { schema: loginSchema }, async (request, reply) => {
      let config: Configuration;
      try {
        config = await providerConfig(request);
      } catch (e) {
        if (e instanceof Refusal) return refuse(request, reply, e);
        throw e;
      }
      const codeVerifier = randomPKCECodeVerifier();
      const state = randomState();
      const nonce = randomNonce();
      const url = buildAuthorizationUrl(config, {
        redirect_uri: opts.redirectUri(request),
        scope: oidcScopes,
        code_challenge: await calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const { returnTo } = loginSchema.querystring.parse(request.query);
      const flow = {
        state,
        nonce,
        codeVerifier,
        expiresAt: now() + flowLifetimeSeconds * 1000,
        returnTo: returnPathAfterSignIn(returnTo),
      };
      void reply.setCookie(cookieName, sealFlow(flow, opts.cookieSecret), {
        ...cookieOptions,
        maxAge: flowLifetimeSeconds,
      });
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    });

    /** The signed-in email, or a Refusal saying why not. */
    const completeSignIn = async (
      request: FastifyRequest,
    ): Promise<{ email: string; subject: string; returnTo: string }> => {
      const params = new URL(request.url, 'http://callback.invalid').searchParams;
      const providerError = params.get('error');
      if (providerError !== null) {
        const code = oauthErrorCode(providerError);
        throw new Refusal(
          providerError === 'access_denied' ? 'cancelled' : 'failed',
          `the provider answered ${code}`,
        );
      }
      const flow = openFlow(request.cookies[cookieName], opts.cookieSecret, now());
      if (!flow)
        throw new Refusal(
          'expired',
          'no sign-in in progress: the flow cookie is missing, altered or expired',
        );
      if (params.get('state') !== flow.state) {
        throw new Refusal('expired', 'the state does not match the sign-in in progress');
      }
      const config = await providerConfig(request);
      const currentUrl = new URL(opts.redirectUri(request));
      currentUrl.search = params.toString();
      try {
        const tokens = await authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new Refusal('failed', 'the provider returned no ID token');
        const claims = hasEmailClaim(idClaims)
          ? idClaims
          : await fetchUserInfo(config, tokens.access_token, idClaims.sub);
        const named = emailFromClaims(claims, { requireVerified: opts.requireVerifiedEmail ?? true });
        if (!named.ok) throw new Refusal('noEmail', named.reason, named.email);
        return {
          email: named.email,
          subject: `${String(idClaims.iss)}#${idClaims.sub}`,
          returnTo: returnPathAfterSignIn(flow.returnTo),
        };
      } catch (e) {
        if (e instanceof Refusal) throw e;
        throw new Refusal('failed', `the sign-in could not be completed: ${describeOidcError(e)}`);
      }
    };

    const callbackSchema = {
      description: 'Where the provider sends the browser back: starts a session, or records why not.',
      querystring: OidcCallbackQuery,
      response: redirect('To / (or the returnTo page) signed in, or to /?signInError=<code>.'),
    };
    app.get(
      routes.oidcCallback,
      { logSerializers: callbackLogSerializers, schema: callbackSchema },
      async (request, reply) => {
        void reply.clearCookie(cookieName, cookieOptions).header('cache-control', 'no-store');
        let who: { email: string; subject: string; returnTo: string };
        try {
          who = await completeSignIn(request);
        } catch (e) {
          if (e instanceof Refusal) return refuse(request, reply, e);
          throw e;
        }
        await opts.sessions.signIn(request, reply, who.email, 'oidc', who.subject);
        return reply.redirect(who.returnTo, 302);
      },
    );
  };
