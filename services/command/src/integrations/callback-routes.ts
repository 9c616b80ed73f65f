import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CallbackQuery,
  integrationConnectionsStreamId,
  integrationMessages,
  integrationNamed,
  integrationRoutes,
} from '@app/contracts';
import {
  inTransaction,
  type AwaitProjected,
  type Db,
  type OutboundClient,
  type SecretBox,
} from '@app/platform';
import { z } from 'zod';
import { handleCommand } from '../shared/handle-command';
import { runCommandAs } from '../shared/command-route';
import { loadIntegrationSettings } from './admin-routes';
import { integrationConnectionsDecider } from './connections-decider';
import { endpointsOf, expiryOf, type IntegrationProviderEndpoints, type TokenAnswer } from './oauth-flow';
import { storeTokens, takePendingAuthorization } from './oauth-store';
import { isAvailable } from './settings-decider';
import { exchangeCode, TokenExchangeError } from './token-exchange';

export interface IntegrationCallbackOptions {
  db: Db;
  secrets: SecretBox;
  awaitProjected: AwaitProjected;
  endpoints: IntegrationProviderEndpoints;
  /** The guarded client the code is exchanged through. */
  outbound: OutboundClient;
}

/** The script the page loads (the CSP allows no inline script): closes the window once connected. */
const closeScriptPath = integrationRoutes.closeScript;
const closeScript = "if (document.body.dataset.outcome === 'connected') window.close();\n";

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (outcome: 'connected' | 'failed', message: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Integrations</title>` +
  `<script src="${closeScriptPath}" defer></script></head>` +
  `<body data-outcome="${outcome}"><p role="status">${escapeHtml(message)}</p></body></html>`;

const answerPage = (reply: FastifyReply, status: number, outcome: 'connected' | 'failed', message: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // The window the dialog opened keeps its opener (so the dialog sees it close).
    .header('cross-origin-opener-policy', 'unsafe-none')
    .send(page(outcome, message));

/** What is kept of the provider's answer, sealed as one value. */
const keptTokens = (answer: TokenAnswer): string =>
  JSON.stringify({
    access_token: answer.access_token,
    token_type: answer.token_type ?? null,
    refresh_token: answer.refresh_token ?? null,
    scope: answer.scope ?? null,
    id_token: answer.id_token ?? null,
  });

/**
 * GET /integrations/oauth/callback: where the provider sends the user's window back. The state must
 * be one this user started (taken once, unexpired); the code is exchanged with the PKCE verifier
 * through the guarded client; the tokens are sealed in `integration_tokens` and IntegrationConnected
 * recorded with the user as actor, in one transaction. Answers a small page (the window closes once
 * connected). Not logged at info: its address carries the code.
 */
export const integrationCallbackRoutes =
  (opts: IntegrationCallbackOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      closeScriptPath,
      {
        schema: {
          description: "The integration window's script: it closes the window once connected.",
          response: { 200: z.string() },
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', 'text/javascript; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(closeScript),
    );

    routes.get(
      integrationRoutes.callback,
      {
        preValidation: app.requireUser,
        logLevel: 'warn',
        schema: {
          description:
            "The provider's redirect after the user's consent: completes the connection (HTML page).",
          querystring: CallbackQuery,
          response: { 200: z.string(), 400: z.string(), 502: z.string() },
        },
      },
      async (request, reply) => {
        const { state, code, error } = request.query;
        const userEmail = request.principal ?? '';
        if (!state) return answerPage(reply, 400, 'failed', integrationMessages.callbackRefused);
        const pending = await inTransaction(opts.db, (trx) =>
          takePendingAuthorization(trx, opts.secrets, state, userEmail),
        );
        if (!pending) return answerPage(reply, 400, 'failed', integrationMessages.callbackRefused);
        if (error !== undefined || !code)
          return answerPage(reply, 400, 'failed', integrationMessages.connectFailed);
        const item = integrationNamed(pending.integration);
        const settings = await loadIntegrationSettings(opts.db);
        const secrets = item ? settings.providers[item.provider] : undefined;
        if (!item || !secrets || !isAvailable(settings, item.id))
          return answerPage(reply, 400, 'failed', integrationMessages.connectFailed);

        let answer: TokenAnswer;
        try {
          const clientSecret = await opts.secrets.keyring(opts.db).open(secrets.clientSecret);
          answer = await exchangeCode(opts.outbound, {
            tokenEndpoint: endpointsOf(item.provider, secrets.tenantId, opts.endpoints).tokenEndpoint,
            code,
            redirectUri: pending.redirectUri,
            clientId: secrets.clientId,
            clientSecret,
            verifier: pending.verifier,
          });
        } catch (e) {
          const reason =
            e instanceof TokenExchangeError ? e.message : 'the client secret could not be opened';
          request.log.warn({ integration: item.id, reason }, 'integration connection failed');
          return answerPage(reply, 502, 'failed', integrationMessages.connectFailed);
        }

        const scopes = answer.scope ? answer.scope.split(' ').filter((s) => s !== '') : [...item.scopes];
        const expiresAt = expiryOf(answer, new Date());
        await runCommandAs(
          request,
          opts,
          'connectIntegration',
          ({ metadata }) =>
            inTransaction(opts.db, async (trx) => {
              await storeTokens(trx, opts.secrets, {
                userEmail,
                integration: item.id,
                tokens: keptTokens(answer),
                scopes,
                expiresAt,
              });
              return handleCommand(
                trx,
                integrationConnectionsDecider,
                integrationConnectionsStreamId(userEmail),
                {
                  type: 'ConnectIntegration',
                  data: {
                    integration: item.id,
                    scopes,
                    expiresAt,
                    hasRefreshToken: answer.refresh_token !== undefined,
                  },
                },
                { metadata },
              );
            }),
          (outcome) => outcome,
        );
        return answerPage(reply, 200, 'connected', integrationMessages.connected(item.name));
      },
    );
  };
