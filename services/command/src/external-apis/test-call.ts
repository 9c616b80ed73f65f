import {
  externalApiLimits,
  externalApiMessages,
  isCredentialHeader,
  isMask,
  parsedBody,
  type ExternalApiTestRequest,
  type ExternalApiTestResponse,
  type SealedSecret,
  type StoredExternalApi,
} from '@app/contracts';
import {
  DomainError,
  maxJsonDepth,
  nestedDeeperThan,
  OutboundError,
  OutboundRefusedError,
  type Keyring,
  type OutboundClient,
  type OutboundResponse,
} from '@app/platform';

/** The request as it goes out, credentials in clear: lives only for the call. */
export interface PlainCall {
  method: ExternalApiTestRequest['requestType'];
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A credential for the call: a mask stands for the saved value (opened), anything else is as typed. */
const plainOf = async (
  value: string | undefined,
  saved: SealedSecret | undefined,
  keys: Keyring,
): Promise<string | undefined> => {
  if (value === undefined || value === '') return undefined;
  if (!isMask(value)) return value;
  if (!saved) throw new DomainError(externalApiMessages.maskedCredentialUnknown);
  return keys.open(saved);
};

const savedHeader = (saved: StoredExternalApi | undefined, name: string): SealedSecret | undefined =>
  Object.entries(saved?.secretHeaders ?? {}).find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];

/** The call of the editor's Test: masks replaced by the saved definition's credentials, auth applied. */
export const plainCallOf = async (
  input: ExternalApiTestRequest,
  saved: StoredExternalApi | undefined,
  keys: Keyring,
): Promise<PlainCall> => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) {
    const plain = isCredentialHeader(name) ? await plainOf(value, savedHeader(saved, name), keys) : value;
    if (plain !== undefined) headers[name] = plain;
  }
  const { auth } = input;
  if (auth.type === 'bearer') {
    const token = await plainOf(auth.token, saved?.auth.token, keys);
    if (token) headers['authorization'] = `Bearer ${token}`;
  } else if (auth.type === 'basic') {
    const username = (await plainOf(auth.username, saved?.auth.username, keys)) ?? '';
    const password = (await plainOf(auth.password, saved?.auth.password, keys)) ?? '';
    headers['authorization'] = `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
  }
  const body =
    input.requestType === 'GET' || input.requestType === 'DELETE' ? undefined : parsedBody(input.body);
  if (body && 'json' in body) {
    headers['content-type'] ??= 'application/json';
    return { method: input.requestType, url: input.url.trim(), headers, body: JSON.stringify(body.json) };
  }
  if (body) headers['content-type'] ??= 'text/plain; charset=utf-8';
  return {
    method: input.requestType,
    url: input.url.trim(),
    headers,
    ...(body ? { body: body.text } : {}),
  };
};

const headerText = (v: string | string[] | undefined): string =>
  Array.isArray(v) ? v.join(', ') : (v ?? '');

/** The remote answer as the editor shows it: JSON parsed when it is JSON, text cut past the limit. */
export const testResultOf = (response: OutboundResponse): ExternalApiTestResponse => {
  const contentType = headerText(response.headers['content-type']);
  const text = response.body.toString('utf8');
  const truncated = text.length > externalApiLimits.testResultChars;
  const shown = truncated ? text.slice(0, externalApiLimits.testResultChars) : text;
  let result: unknown = shown;
  // Text too when it nests deeper than the platform's bound (written back as JSON, a value
  // thousands deep would overflow the stack).
  if (!truncated && text.trim() !== '' && !nestedDeeperThan(text, maxJsonDepth)) {
    try {
      result = JSON.parse(text) as unknown;
    } catch {
      result = shown;
    }
  }
  return { success: true, status: response.status, contentType, result, truncated };
};

/**
 * Performs the call through the guarded client for addresses people type (`userUrls`): a private or
 * local address is refused before any connection (DomainError: 400); a remote failure is answered
 * as {success: false} with the client's words (they name the host, never a header or a body).
 */
export const performTestCall = async (
  outbound: OutboundClient,
  call: PlainCall,
): Promise<ExternalApiTestResponse> => {
  try {
    const response = await outbound.request(call.url, {
      method: call.method,
      headers: call.headers,
      ...(call.body === undefined ? {} : { body: call.body }),
    });
    return testResultOf(response);
  } catch (e) {
    if (e instanceof OutboundRefusedError) {
      if (/ address, not listed/.test(e.message)) throw new DomainError(externalApiMessages.testNotPublic);
      throw new DomainError(externalApiMessages.testRefused(e.message));
    }
    if (e instanceof OutboundError)
      return { success: false, message: externalApiMessages.testRefused(e.message) };
    throw e;
  }
};
