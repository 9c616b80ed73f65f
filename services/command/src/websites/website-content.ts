import { createHash } from 'node:crypto';
import {
  mimeOf,
  websiteContentExtensions,
  websiteFileTypes,
  websiteLimits,
  websiteMessages,
} from '@app/contracts';
import type { OutboundClient } from '@app/platform';
import { extractSitemapUrls, fetchBody } from './sitemap-extract';
import { WebsiteFetchError } from './website-errors';

/** What a website file holds once fetched: the bytes, their type, and the digests FileUploaded records. */
export interface WebsiteContent {
  body: Buffer;
  contentType: string;
  digests: { size: number; md5: string; sha256: string };
}

/** The part of a file's state that says what to fetch. */
export interface WebsiteSource {
  type: string;
  sourceUrl: string;
  /** FileUploadRequested's `data`: a sitemap's `maxPages`. */
  data?: Record<string, unknown>;
}

const pageAccept =
  'text/html, application/xhtml+xml;q=0.9, text/plain;q=0.8, application/pdf;q=0.7, */*;q=0.1';

export const contentOf = (body: Buffer, contentType: string): WebsiteContent => ({
  body,
  contentType,
  digests: {
    size: body.length,
    md5: createHash('md5').update(body).digest('base64'),
    sha256: createHash('sha256').update(body).digest('hex'),
  },
});

/** A sitemap's content: its address and the pages it names, one a line (what the group's file holds). */
export const sitemapListing = (sitemap: string, pages: readonly string[]): string =>
  [`Sitemap: ${sitemap}`, '', ...pages, ''].join('\n');

const maxPagesOf = (data: Record<string, unknown> | undefined): number => {
  const n = data?.['maxPages'];
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= websiteLimits.maxPages
    ? n
    : websiteLimits.defaultMaxPages;
};

/**
 * Fetches a website file's content through the guarded client: a page as it answers (a type the
 * processing reads: HTML, text, PDF...), a sitemap as the list of its pages. Fails with a
 * WebsiteFetchError in words a user reads.
 */
export const fetchWebsiteContent = async (
  outbound: OutboundClient,
  source: WebsiteSource,
  signal?: AbortSignal,
): Promise<WebsiteContent> => {
  const bound = signal ?? AbortSignal.timeout(websiteLimits.extractTimeoutMs);
  if (source.type === websiteFileTypes.sitemap) {
    const pages = await extractSitemapUrls(outbound, source.sourceUrl, {
      maxPages: maxPagesOf(source.data),
      signal: bound,
    });
    return contentOf(
      Buffer.from(sitemapListing(source.sourceUrl, pages), 'utf8'),
      'text/plain; charset=utf-8',
    );
  }
  const page = await fetchBody(outbound, source.sourceUrl, bound, { accept: pageAccept });
  const mime = mimeOf(page.contentType) || 'text/html';
  if (!Object.hasOwn(websiteContentExtensions, mime))
    throw new WebsiteFetchError('not-readable', websiteMessages.pageNotHtml(mime));
  if (page.body.length === 0) throw new WebsiteFetchError('empty', websiteMessages.emptyPage);
  return contentOf(page.body, page.contentType || 'text/html');
};
