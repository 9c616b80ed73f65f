import { last4Of, maskOf, maskPrefix } from './sealed-secret';

/**
 * Credentials a url may carry, found without decrypting anything: a user name or password before the
 * host, and query (or fragment) parameters named like a key, token, signature or password (any case,
 * with or without a prefix: `key`, `api-key`, `apikey`, `api_key`, `subscription-key`, `token`,
 * `access_token`, `sig`, `X-Amz-Signature`, `client_secret`, `password`...). Such urls are secrets:
 * stored sealed, shown with the credential parts masked.
 */
const credentialParam =
  /^(?:.*[-_.])?(?:x[-_])?(?:api|access|auth|refresh|id|session|client|subscription|private|secret)?[-_]?(?:key|token|secret|password|passwd|pass|pwd|sig|signature|auth|authorization|credentials?)$/i;

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** Whether a query parameter of that name carries a credential. */
export const isCredentialParam = (name: string): boolean => credentialParam.test(decode(name).trim());

/** `a=1&api-key=sk-...` with every credential value masked like a secret ('••••••••' and its last 4). */
const maskParams = (params: string): string =>
  params
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 0) return pair;
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      return value !== '' && isCredentialParam(name) ? `${name}=${maskOf(last4Of(decode(value)))}` : pair;
    })
    .join('&');

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

/**
 * The url as it may be stored in clear, shown and logged: every credential replaced by a mask (a
 * user name and password by '••••••••@', a credential parameter's value by '••••••••' and, when it
 * is long enough, its last 4 characters). A url without credentials comes back as it is (trimmed),
 * and so does one already masked.
 */
export const maskUrlCredentials = (raw: string): string => {
  const text = raw.trim();
  const [beforeHash, hash] = splitAt(text, '#');
  const [beforeQuery, query] = splitAt(beforeHash, '?');
  const tail =
    (query === null ? '' : `?${maskParams(query)}`) + (hash === null ? '' : `#${maskParams(hash)}`);
  if (!urlHasUserInfo(text)) return beforeQuery + tail;
  try {
    const url = new URL(text);
    return `${url.protocol}//${maskPrefix}@${url.host}${url.pathname}${tail}`;
  } catch {
    return beforeQuery.replace(/\/\/[^/?#]*@/, `//${maskPrefix}@`) + tail;
  }
};

/** Whether the url carries a credential in clear (what `maskUrlCredentials` would hide). */
export const urlHasCredentials = (raw: string): boolean => maskUrlCredentials(raw) !== raw.trim();

/** Whether the url is a masked one (as GET answers a saved url with credentials). */
export const isMaskedUrl = (url: string): boolean => url.includes(maskPrefix);
