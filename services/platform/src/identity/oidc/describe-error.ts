import { AuthorizationResponseError, ClientError, ResponseBodyError } from 'openid-client';

const maxLength = 300;

/** An OAuth error code as a provider sent it, kept to the characters such codes use. */
export const oauthErrorCode = (raw: unknown): string =>
  typeof raw === 'string' && /^[\w.-]{1,64}$/.test(raw) ? raw : 'an unrecognised error';

const clean = (text: string): string => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, maxLength);

const errorMessage = (e: unknown): string | undefined => (e instanceof Error ? e.message : undefined);

/**
 * What went wrong talking to the provider, for operators: error codes and the library's messages,
 * which name the check that failed but never carry its values (those stay in `cause`, never read
 * here), so no code, token or secret ends up in a log or event.
 */
export const describeOidcError = (e: unknown): string => {
  if (e instanceof AuthorizationResponseError || e instanceof ResponseBodyError) {
    return clean(`the provider answered ${oauthErrorCode(e.error)}`);
  }
  if (e instanceof ClientError) {
    const inner = errorMessage(e.cause);
    return clean(`${e.code ?? 'error'}: ${e.message}${inner && inner !== e.message ? ` (${inner})` : ''}`);
  }
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) {
    return 'the provider did not answer in time';
  }
  if (e instanceof TypeError) {
    const cause: unknown = e.cause;
    const code =
      cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string'
        ? cause.code
        : '';
    return clean(`the provider could not be reached${code ? ` (${code})` : ''}: ${e.message}`);
  }
  return clean(errorMessage(e) ?? 'unknown error');
};
