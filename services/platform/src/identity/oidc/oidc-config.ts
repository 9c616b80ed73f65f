import { allowInsecureRequests, ClientSecretBasic, discovery, type Configuration } from 'openid-client';

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Seconds each request to the provider (discovery, token, userinfo) may take. */
  timeoutSeconds?: number;
}

/** The provider's configuration, discovered on first use; a failed discovery is tried again next use. */
export interface OidcConfigLoader {
  get(): Promise<Configuration>;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http is allowed only for an issuer on this machine (tests, a local provider). */
export const isLoopbackHttpUrl = (url: URL): boolean =>
  url.protocol === 'http:' && (loopbackHosts.has(url.hostname) || /^127(\.\d{1,3}){3}$/.test(url.hostname));

export const createOidcConfigLoader = (settings: OidcClientSettings): OidcConfigLoader => {
  const issuer = new URL(settings.issuer);
  const insecure = isLoopbackHttpUrl(issuer);
  let pending: Promise<Configuration> | undefined;

  const discover = (): Promise<Configuration> =>
    discovery(issuer, settings.clientId, settings.clientSecret, ClientSecretBasic(settings.clientSecret), {
      timeout: settings.timeoutSeconds ?? 10,
      ...(insecure ? { execute: [allowInsecureRequests] } : {}),
    });

  return {
    get: () => {
      if (!pending) {
        const attempt = discover();
        pending = attempt;
        attempt.catch(() => {
          // The provider may be down: the next sign-in discovers again.
          if (pending === attempt) pending = undefined;
        });
      }
      return pending;
    },
  };
};
