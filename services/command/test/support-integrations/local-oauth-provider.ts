import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';
import { generate } from 'selfsigned';
import type { ProviderEndpoints } from '@app/contracts';

/** What the provider's token endpoint was asked and answered (the test's eyes on the exchange). */
export interface TokenExchangeSeen {
  body: Record<string, string>;
  accessToken: string;
  refreshToken: string | undefined;
}

export interface LocalOAuthProvider {
  /** https://127.0.0.1:<port> */
  url: string;
  /** Its self-signed certificate (PEM): the only certificate the platform's client trusts in the test. */
  ca: string;
  endpoints: ProviderEndpoints;
  exchanges: TokenExchangeSeen[];
  close(): Promise<void>;
}

/**
 * A local OAuth 2.0 provider (oauth2-mock-server) on 127.0.0.1 over https with a self-signed
 * certificate: /authorize redirects to the redirect_uri with a code and the state, /token checks the
 * PKCE verifier against the challenge and issues tokens.
 */
export const startLocalOAuthProvider = async (): Promise<LocalOAuthProvider> => {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const dir = await mkdtemp(join(tmpdir(), 'oauth-provider-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  await writeFile(keyPath, pems.private);
  await writeFile(certPath, pems.cert);
  const server = new OAuth2Server(keyPath, certPath);
  await server.issuer.keys.generate('RS256');
  const exchanges: TokenExchangeSeen[] = [];
  server.service.on(
    'beforeResponse',
    (
      response: { body: Record<string, unknown>; statusCode: number },
      req: IncomingMessage & { body?: unknown },
    ) => {
      const body = (req.body ?? {}) as Record<string, string>;
      const accessToken = response.body['access_token'];
      const refreshToken = response.body['refresh_token'];
      if (typeof accessToken === 'string')
        exchanges.push({
          body,
          accessToken,
          refreshToken: typeof refreshToken === 'string' ? refreshToken : undefined,
        });
    },
  );
  await server.start(0, '127.0.0.1');
  const url = `https://127.0.0.1:${server.address().port}`;
  return {
    url,
    ca: pems.cert,
    endpoints: { authorizationEndpoint: `${url}/authorize`, tokenEndpoint: `${url}/token` },
    exchanges,
    close: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
};
