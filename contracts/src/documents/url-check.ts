/**
 * The URL check: what a user types as a website or a sitemap,
 * checked and normalised before anything is fetched. Pure: the web checks as the user types, the
 * command side checks again before it fetches (through the guarded outbound client, which still
 * refuses every address that is not public).
 */

/** The URL check's messages, in the order the rules are checked. */
export const urlCheckMessages = {
  required: 'URL is required',
  scheme: 'URL must use http:// or https://',
  hostname: 'URL must have a valid domain name',
  spaces: 'Domain name cannot contain spaces',
  ipAddress: 'Invalid IP address',
  topLevelDomain: 'Domain must have a top-level domain (e.g., .com, .org)',
  domainFormat: 'Invalid domain format',
  topLevelDomainLetters: 'Invalid top-level domain (must be at least 2 letters)',
  invalidCharacters: 'Domain contains invalid characters',
  invalidUrl: (host: string) => `Please enter a valid URL (e.g., ${host})`,
  /**
   * The warning as first written stops at 'or contain'; the rest ("'sitemap' in the name.") is ours,
   * matching what the check looks for.
   */
  notSitemapLike:
    "This URL doesn't look like a typical sitemap. Sitemaps usually end with .xml or contain 'sitemap' in the name.",
} as const;

export type UrlCheckResult = { ok: true; url: string; warning?: string } | { ok: false; message: string };

export interface UrlCheckOptions {
  /** Sitemap mode: a URL that does not look like a sitemap or robots file is accepted with a warning. */
  sitemap?: boolean;
}

/** 'url:', 'link:' or 'website:' in front of what was pasted. */
const prefix = /^(?:url|link|website):\s*/i;
/** A scheme: 'x://', or 'x:' not followed by a port number ('example.com:8080' has none). */
const scheme = /^([a-z][a-z0-9+.-]*):(?:\/\/|(?!\d))/i;
const ipv4 = /^\d+\.\d+\.\d+\.\d+$/;
const label = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
const tld = /^\p{L}{2,}$/u;

/** The host part of `https://…` as typed: no user info, no port, no path. */
const hostOf = (withScheme: string): string => {
  const afterScheme = withScheme.replace(/^[a-z][a-z0-9+.-]*:\/*/i, '');
  const authority = afterScheme.split(/[/?#\\]/, 1)[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1 || undefined);
  return host.replace(/:\d*$/, '');
};

/** The example the parse-failure message shows: what was typed as a host, else example.com. */
const exampleFor = (host: string): string => {
  const cleaned = host.toLowerCase().replace(/[^\p{L}\p{N}.-]/gu, '');
  return `https://${cleaned.includes('.') ? cleaned : 'www.example.com'}`;
};

/** Why the host cannot be a website's, or null when it may be (the rules, in order). */
const hostProblem = (host: string): string | null => {
  if (host === '') return urlCheckMessages.hostname;
  if (/\s/.test(host)) return urlCheckMessages.spaces;
  const lower = host.toLowerCase();
  if (lower === 'localhost') return null;
  if (ipv4.test(lower)) {
    return lower.split('.').every((part) => Number(part) <= 255) ? null : urlCheckMessages.ipAddress;
  }
  if (!lower.includes('.')) return urlCheckMessages.topLevelDomain;
  const labels = lower.split('.');
  if (labels.some((l) => l === '')) return urlCheckMessages.domainFormat;
  if (!tld.test(labels[labels.length - 1] ?? '')) return urlCheckMessages.topLevelDomainLetters;
  if (!labels.every((l) => label.test(l))) return urlCheckMessages.invalidCharacters;
  return null;
};

/** Sitemap mode: ends with .xml (or .xml.gz), or names a sitemap or a robots file. */
const looksLikeSitemap = (url: URL): boolean => {
  const path = url.pathname.toLowerCase();
  const whole = url.href.toLowerCase();
  return (
    path.endsWith('.xml') || path.endsWith('.xml.gz') || whole.includes('sitemap') || whole.includes('robots')
  );
};

/**
 * Checks and normalises a URL a user typed: the first rule it breaks answers its message;
 * else the URL as it will be fetched (https:// added when no scheme was given), with the sitemap
 * warning in sitemap mode.
 */
export const checkUrl = (input: string, options: UrlCheckOptions = {}): UrlCheckResult => {
  const typed = input.trim().replace(prefix, '').trim();
  if (typed === '') return { ok: false, message: urlCheckMessages.required };
  const given = scheme.exec(typed)?.[1]?.toLowerCase();
  if (given !== undefined && given !== 'http' && given !== 'https') {
    return { ok: false, message: urlCheckMessages.scheme };
  }
  const withScheme = given === undefined ? `https://${typed}` : typed;
  const host = hostOf(withScheme);
  const problem = hostProblem(host);
  if (problem !== null) return { ok: false, message: problem };
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, message: urlCheckMessages.invalidUrl(exampleFor(host)) };
  }
  if (options.sitemap && !looksLikeSitemap(url)) {
    return { ok: true, url: url.href, warning: urlCheckMessages.notSitemapLike };
  }
  return { ok: true, url: url.href };
};
