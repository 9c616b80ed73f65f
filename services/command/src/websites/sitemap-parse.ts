import { gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { websiteLimits, websiteMessages } from '@app/contracts';
import { WebsiteFetchError } from './website-errors';

/** What a sitemap address answered: pages, more sitemaps (an index, or robots.txt), or neither. */
export type SitemapDocument =
  | { kind: 'urlset'; urls: string[] }
  | { kind: 'index'; sitemaps: string[] }
  | { kind: 'robots'; sitemaps: string[] }
  | { kind: 'none' };

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
  // &amp; in addresses is common; a DOCTYPE's own entities are bounded far below the defaults.
  processEntities: {
    enabled: true,
    maxEntitySize: 1_000,
    maxTotalExpansions: 100,
    maxExpandedLength: 10_000,
  },
  maxNestedTags: 20,
});

const isGzip = (b: Buffer) => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;

/** The body as text: a gzipped sitemap (.xml.gz) is unpacked, refused past the platform's bound. */
export const sitemapText = (body: Buffer): string => {
  if (!isGzip(body)) return body.toString('utf8');
  try {
    return gunzipSync(body, { maxOutputLength: websiteLimits.maxUnpackedBytes }).toString('utf8');
  } catch (e) {
    if (e instanceof RangeError) throw new WebsiteFetchError('too-large', websiteMessages.tooLarge);
    throw new WebsiteFetchError('not-sitemap', websiteMessages.notSitemap);
  }
};

/** An absolute http(s) address, normalised; null for anything else. */
export const webAddress = (raw: unknown): string | null => {
  if (typeof raw !== 'string') return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The `<loc>` of each entry (`<url>` or `<sitemap>`), kept when it is a web address. */
const locations = (entries: unknown): string[] =>
  (Array.isArray(entries) ? entries : [])
    .map((e) => (isRecord(e) ? webAddress(e['loc']) : null))
    .filter((u): u is string => u !== null);

/** robots.txt: its `Sitemap:` lines (case-insensitive, one address each). */
const robotsSitemaps = (text: string): string[] =>
  [...text.matchAll(/^[ \t]*sitemap[ \t]*:[ \t]*(\S+)/gim)]
    .map((m) => webAddress(m[1]))
    .filter((u): u is string => u !== null);

/** The document, or null when it is not well-formed XML (the parser alone forgives unclosed tags). */
const parseXml = (text: string): unknown => {
  try {
    return XMLValidator.validate(text) === true ? parser.parse(text) : null;
  } catch {
    return null;
  }
};

/** What one fetched document is (pure): a urlset, a sitemap index, a robots.txt with sitemaps, or none. */
export const parseSitemapDocument = (text: string): SitemapDocument => {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed.startsWith('<')) {
    const sitemaps = robotsSitemaps(trimmed);
    return sitemaps.length > 0 ? { kind: 'robots', sitemaps } : { kind: 'none' };
  }
  const doc = parseXml(trimmed);
  if (!isRecord(doc)) return { kind: 'none' };
  const urlset = doc['urlset'];
  if (urlset !== undefined) return { kind: 'urlset', urls: locations(isRecord(urlset) ? urlset['url'] : []) };
  const index = doc['sitemapindex'];
  if (index !== undefined)
    return { kind: 'index', sitemaps: locations(isRecord(index) ? index['sitemap'] : []) };
  return { kind: 'none' };
};
