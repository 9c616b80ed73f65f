import { integrationLimits, isHttpsAddress } from '@app/contracts';
import type { OutboundClient } from '@app/platform';
import { TokenAnswer, tokenRequestBody } from './oauth-flow';

/** Why an exchange failed, in words that carry no secret (for the log). */
export class TokenExchangeError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'TokenExchangeError';
  }
}

const readBounded = async (res: Response, max: number): Promise<string> => {
  if (!res.body) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new TokenExchangeError(`the token answer is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/** The provider's error code, if it gave one (RFC 6749 section 5.2), bounded and without the description. */
const errorCodeOf = (text: string): string => {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string')
      return parsed.error.replace(/[^a-z_]/gi, '').slice(0, 60);
  } catch {
    // not JSON
  }
  return 'unknown';
};

/**
 * Exchanges an authorization code for tokens at the provider's token endpoint, through the guarded
 * client (its address checks; no redirect followed, so the client secret and the code never go
 * elsewhere), with the PKCE verifier. The endpoint must be https.
 */
export const exchangeCode = async (
  outbound: OutboundClient,
  input: {
    tokenEndpoint: string;
    code: string;
    redirectUri: string;
    clientId: string;
    clientSecret: string;
    verifier: string;
  },
): Promise<TokenAnswer> => {
  if (!isHttpsAddress(input.tokenEndpoint)) throw new TokenExchangeError('the token endpoint is not https');
  let res: Response;
  try {
    res = await outbound.fetch(input.tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: tokenRequestBody(input),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    throw new TokenExchangeError(
      `the token endpoint could not be reached (${e instanceof Error ? e.message : 'error'})`,
    );
  }
  const text = await readBounded(res, integrationLimits.tokenAnswerBytes);
  if (!res.ok)
    throw new TokenExchangeError(`the token endpoint answered ${res.status} (${errorCodeOf(text)})`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TokenExchangeError('the token answer is not JSON');
  }
  const parsed = TokenAnswer.safeParse(json);
  if (!parsed.success) throw new TokenExchangeError('the token answer has no valid access token');
  return parsed.data;
};
