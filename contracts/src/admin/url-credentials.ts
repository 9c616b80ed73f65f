import { last4Of, maskOf, maskPrefix } from './sealed-secret';

/**
 * Credentials a url may carry, found without decrypting anything: a user name or password before the
 * host, and query, fragment or path (matrix, `/path;api-key=...`) parameters named like a key, token,
 * signature or password (any case, with or without a prefix: `key`, `api-key`, `apikey`, `api_key`,
 * `subscription-key`, `token`, `access_token`, `sig`, `X-Amz-Signature`, `client_secret`,
 * `password`...), or named `code` (an Azure Functions key, `?code=`). Such urls are secrets: stored
 * sealed, shown with the credential parts masked.
 */
const credentialParam =
  /^(?:.*[-_.])?(?:x[-_])?(?:api|access|auth|refresh|id|session|client|subscription|private|secret)?[-_]?(?:key|token|secret|password|passwd|pass|pwd|sig|signature|auth|authorization|credentials?)$/i;

/**
 * `code` only as the whole name: `country_code`, `zip-code` or `error_code` are not credentials, and
 * masking them would hide harmless values (and make a url the admin edits unsavable while it shows a
 * mask).
 */
const codeParam = /^code$/i;

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** Whether a query parameter of that name carries a credential. */
export const isCredentialParam = (name: string): boolean => {
  const decoded = decode(name).trim();
  return credentialParam.test(decoded) || codeParam.test(decoded);
};

/**
 * The last characters a url's mask shows: none when they could change the url's shape or read
 * otherwise once decoded (`&`, `;`, `/`, `#`, `%`, `+`, a space...), so masking a masked url changes
 * nothing.
 */
const shownLast4 = (value: string): string => {
  const last4 = last4Of(value);
  return /^[\w.~=-]*$/.test(last4) ? last4 : '';
};

/** `api-key=sk-...` with its value masked like a secret ('••••••••' and its last 4), when it is a credential. */
const maskPair = (pair: string): string => {
  const at = pair.indexOf('=');
  if (at < 0) return pair;
  const name = pair.slice(0, at);
  const value = pair.slice(at + 1);
  return value !== '' && isCredentialParam(name) ? `${name}=${maskOf(shownLast4(decode(value)))}` : pair;
};

/**
 * `a=1&api-key=sk-...` with every credential value masked; `;` separates parameters too, as some
 * servers read it (`?api-version=1;api-key=...`).
 */
const maskParams = (params: string): string =>
  params
    .split(/([&;])/)
    .map(maskPair)
    .join('');

/**
 * A url's part before its query with the values of credential path (matrix) parameters masked:
 * `/openai;api-key=sk-.../chat` (each `;name=value` runs to the next `;`, `/`, or `\`).
 */
const maskPathParams = (beforeQuery: string): string =>
  beforeQuery.replace(/;([^;/\\]*)/g, (_match, pair: string) => `;${maskPair(pair)}`);

const splitAt = (s: string, ch: string): [string, string | null] => {
  const at = s.indexOf(ch);
  return at < 0 ? [s, null] : [s.slice(0, at), s.slice(at + 1)];
};

/** Whether the url names a user or password before its host (`https://user:pass@host/`). */
export const urlHasUserInfo = (raw: string): boolean => {
  try {
    const url = new URL(raw.trim());
    return url.username !== '' || url.password !== '';
  } catch {
    return /\/\/[^/?#]*@/.test(raw);
  }
};

/** The part before the query with a user name and password before the host replaced by '••••••••@'. */
const maskUserInfo = (text: string, beforeQuery: string): string => {
  if (!urlHasUserInfo(text)) return beforeQuery;
  try {
    const url = new URL(text);
    return `${url.protocol}//${maskPrefix}@${url.host}${url.pathname}`;
  } catch {
    return beforeQuery.replace(/\/\/[^/?#]*@/, `//${maskPrefix}@`);
  }
};

/**
 * The url as it may be stored in clear, shown and logged: every credential replaced by a mask (a
 * user name and password by '••••••••@', a credential parameter's value, in the path, the query or
 * the fragment, by '••••••••' and, when it is long enough, its last 4 characters). A url without
 * credentials comes back as it is (trimmed), and so does one already masked: a masked url the dialog
 * sends back equals the saved one.
 */
export const maskUrlCredentials = (raw: string): string => {
  const text = raw.trim();
  const [beforeHash, hash] = splitAt(text, '#');
  const [beforeQuery, query] = splitAt(beforeHash, '?');
  const tail =
    (query === null ? '' : `?${maskParams(query)}`) + (hash === null ? '' : `#${maskParams(hash)}`);
  return maskPathParams(maskUserInfo(text, beforeQuery)) + tail;
};

/** Whether the url carries a credential in clear (what `maskUrlCredentials` would hide). */
export const urlHasCredentials = (raw: string): boolean => maskUrlCredentials(raw) !== raw.trim();

/** Whether the url is a masked one (as GET answers a saved url with credentials). */
export const isMaskedUrl = (url: string): boolean => url.includes(maskPrefix);
