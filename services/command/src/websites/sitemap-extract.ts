import { websiteLimits, websiteMessages } from '@app/contracts';
import type { OutboundClient } from '@app/platform';
import { parseSitemapDocument, sitemapText, type SitemapDocument } from './sitemap-parse';
import { WebsiteFetchError, websiteErrorOf } from './website-errors';

export interface ExtractOptions {
  maxPages: number;
  signal?: AbortSignal;
  /** Bounds (default: `websiteLimits`). */
  maxFetches?: number;
  maxDepth?: number;
  timeoutMs?: number;
}

const accept = 'application/xml, text/xml;q=0.9, text/plain;q=0.8, */*;q=0.5';

/** GETs one address through the guarded client; a status other than 2xx is an error. */
export const fetchBody = async (
  outbound: OutboundClient,
  url: string,
  signal: AbortSignal,
  headers: Record<string, string> = { accept },
): Promise<{ body: Buffer; contentType: string; url: string }> => {
  let answer;
  try {
    answer = await outbound.request(url, { method: 'GET', headers, signal });
  } catch (e) {
    throw websiteErrorOf(e);
  }
  if (answer.status < 200 || answer.status > 299)
    throw new WebsiteFetchError(`http-${answer.status}`, websiteMessages.httpStatus(answer.status));
  const type = answer.headers['content-type'];
  return { body: answer.body, contentType: typeof type === 'string' ? type : '', url: answer.url };
};

const fetchDocument = async (
  outbound: OutboundClient,
  url: string,
  signal: AbortSignal,
): Promise<SitemapDocument> =>
  parseSitemapDocument(sitemapText((await fetchBody(outbound, url, signal)).body));

/**
 * The pages a sitemap names, at most `maxPages`, in its order: a urlset's pages, a sitemap index's
 * sitemaps (nested at most `maxDepth` deep), robots.txt's `Sitemap:` lines; each document fetched
 * through the guarded client (which refuses every address that is not public), at most `maxFetches`
 * documents, the whole within `timeoutMs` (past it, the pages found so far). The first address must
 * answer a sitemap; a nested one that fails is skipped (its error is the answer only when no page
 * was found).
 */
export const extractSitemapUrls = async (
  outbound: OutboundClient,
  sitemap: string,
  opts: ExtractOptions,
): Promise<string[]> => {
  const maxFetches = opts.maxFetches ?? websiteLimits.maxSitemapFetches;
  const maxDepth = opts.maxDepth ?? websiteLimits.maxSitemapDepth;
  const deadline = AbortSignal.timeout(opts.timeoutMs ?? websiteLimits.extractTimeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
  const pages = new Set<string>();
  const seen = new Set<string>([sitemap]);
  const queue: { url: string; depth: number }[] = [{ url: sitemap, depth: 0 }];
  let fetches = 0;
  let skipped: WebsiteFetchError | null = null;
  for (let next = queue.shift(); next && pages.size < opts.maxPages; next = queue.shift()) {
    if (fetches >= maxFetches) break;
    fetches++;
    let doc: SitemapDocument;
    try {
      doc = await fetchDocument(outbound, next.url, signal);
    } catch (e) {
      const error = websiteErrorOf(e);
      if (next.depth === 0) throw error;
      skipped ??= error;
      // Out of time: the pages found so far are the answer.
      if (signal.aborted) break;
      continue;
    }
    if (doc.kind === 'none') {
      if (next.depth === 0) throw new WebsiteFetchError('not-sitemap', websiteMessages.notSitemap);
      skipped ??= new WebsiteFetchError('not-sitemap', websiteMessages.notSitemap);
      continue;
    }
    if (doc.kind === 'urlset') {
      for (const url of doc.urls) {
        if (pages.size >= opts.maxPages) break;
        pages.add(url);
      }
      continue;
    }
    if (next.depth >= maxDepth) continue;
    for (const url of doc.sitemaps) {
      if (seen.has(url)) continue;
      seen.add(url);
      queue.push({ url, depth: next.depth + 1 });
    }
  }
  if (pages.size === 0) throw skipped ?? new WebsiteFetchError('no-pages', websiteMessages.noPages);
  return [...pages];
};
