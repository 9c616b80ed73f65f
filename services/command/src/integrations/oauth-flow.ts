import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  defaultProviderEndpoints,
  extraAuthorizationParams,
  isHttpsAddress,
  type IntegrationDefinition,
  type IntegrationProvider,
  type ProviderEndpoints,
} from '@app/contracts';

/**
 * The providers' endpoints as the platform's configuration sets them (tests: a local provider).
 * Never from what a user or an admin types: the admin gives only a client id, secret and tenant.
 */
export type IntegrationProviderEndpoints = Partial<Record<IntegrationProvider, ProviderEndpoints>>;

/** A PKCE pair (RFC 7636, S256): the verifier stays on the server, the challenge goes to the provider. */
export const pkcePair = (): { verifier: string; challenge: string } => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** A fresh state: 32 random bytes. Only its hash is kept. */
export const newState = (): string => randomBytes(32).toString('base64url');

export const stateHash = (state: string): string => createHash('sha256').update(state).digest('hex');

/** The endpoints of `provider`: the configuration's when it sets them, else the real ones (with the tenant). */
export const endpointsOf = (
  provider: IntegrationProvider,
  tenantId: string,
  configured: IntegrationProviderEndpoints = {},
): ProviderEndpoints => configured[provider] ?? defaultProviderEndpoints(provider, tenantId);

/** The authorization address the user's window opens; null when it would not be https. */
export const authorizationUrl = (input: {
  endpoints: ProviderEndpoints;
  item: IntegrationDefinition;
  clientId: string;
  redirectUri: string;
  state: string;
  challenge: string;
}): string | null => {
  if (!isHttpsAddress(input.endpoints.authorizationEndpoint)) return null;
  const url = new URL(input.endpoints.authorizationEndpoint);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    scope: input.item.scopes.join(' '),
    state: input.state,
    code_challenge: input.challenge,
    code_challenge_method: 'S256',
    ...extraAuthorizationParams[input.item.provider],
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
};

/** The token endpoint's answer (RFC 6749 section 5.1), what is kept of it. */
export const TokenAnswer = z.object({
  access_token: z.string().min(1).max(16_384),
  token_type: z.string().max(100).optional(),
  expires_in: z.coerce
    .number()
    .int()
    .positive()
    .max(10 * 365 * 24 * 3600)
    .optional(),
  refresh_token: z.string().max(16_384).optional(),
  scope: z.string().max(4_096).optional(),
  id_token: z.string().max(16_384).optional(),
});
export type TokenAnswer = z.infer<typeof TokenAnswer>;

/** The form the code is exchanged with (RFC 6749 section 4.1.3, RFC 7636 section 4.5). */
export const tokenRequestBody = (input: {
  code: string;
  redirectUri: string;
  clientId: string;
  clientSecret: string;
  verifier: string;
}): string =>
  new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: input.clientId,
    client_secret: input.clientSecret,
    code_verifier: input.verifier,
  }).toString();

/** When the access token expires, from `expires_in` seconds after `now`. */
export const expiryOf = (answer: TokenAnswer, now: Date): string | null =>
  answer.expires_in === undefined ? null : new Date(now.getTime() + answer.expires_in * 1000).toISOString();
