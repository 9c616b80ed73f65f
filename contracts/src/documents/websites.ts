import { z } from 'zod';
import { boundedString } from '../bounded';
import { FileKey, FileTags } from './files';
import { successBody } from '../success';

/**
 * Websites and sitemaps as documents.
 *
 * The model: every page is a file of its own (stream `file-<key>`), fetched by the `website-fetch`
 * job through the guarded outbound client, stored in the blob store and then processed like an
 * upload (FileUploaded → document-process).
 * - A single page: one file of type `website/url`, metadata `sourceUrl` = the page.
 * - A sitemap: one file of type `website/sitemap` for the group (`sourceUrl` = the sitemap's URL;
 *   its content is the list of the pages it names, as text), and one file of type `website/url` per
 *   page with `sourceUrl` = the page and `fromSitemap` = the sitemap's URL. The document list groups
 *   the pages under the sitemap by `fromSitemap`; remove-all removes the sitemap's file and its pages.
 */
export const websiteRoutes = {
  /** POST {sitemap, maxPages?} → {success, data: {urls}}. */
  extractSitemapUrls: '/assistant/extract_sitemap_urls',
  /** POST {url, sitemap?, maxPages?, ragOn?, ...} → the files recorded (ours). */
  add: '/api/websites/add',
} as const;

export const websiteFileTypes = { page: 'website/url', sitemap: 'website/sitemap' } as const;
export type WebsiteFileType = (typeof websiteFileTypes)[keyof typeof websiteFileTypes];

export const websiteLimits = {
  /** Pages taken from a sitemap when the caller does not say. */
  defaultMaxPages: 50,
  maxPages: 500,
  urlLength: 2048,
  /** Sitemap documents fetched for one request (the index and the sitemaps it names). */
  maxSitemapFetches: 20,
  /** How deep sitemap indexes may nest. */
  maxSitemapDepth: 3,
  /** The whole extraction, every fetch included. */
  extractTimeoutMs: 45_000,
  /** A gzipped sitemap is refused past this many bytes once unpacked. */
  maxUnpackedBytes: 10 * 1024 * 1024,
  /**
   * The most one fetched page (or sitemap listing) holds: the guarded client's default response cap,
   * which the website fetches use. Each file a website adds reserves it on the storage quota until fetched.
   */
  maxPageBytes: 1024 * 1024,
} as const;

const MaxPages = z.number().int().min(1).max(websiteLimits.maxPages);

/** What the user typed: checked with `checkUrl` by the route (400 with its message). */
const TypedUrl = boundedString('The URL', websiteLimits.urlLength);

export const ExtractSitemapUrlsRequest = z.object({
  sitemap: TypedUrl,
  maxPages: MaxPages.optional(),
});
export type ExtractSitemapUrlsRequest = z.infer<typeof ExtractSitemapUrlsRequest>;

export const ExtractSitemapUrlsResponse = successBody({
  data: z.object({ urls: z.array(z.string()) }),
});
export type ExtractSitemapUrlsResponse = z.infer<typeof ExtractSitemapUrlsResponse>;

export const AddWebsiteRequest = z.object({
  url: TypedUrl,
  /** The URL is a sitemap (or robots.txt): each page it lists becomes a file. */
  sitemap: z.boolean().default(false),
  maxPages: MaxPages.optional(),
  ragOn: z.boolean().default(true),
  tags: FileTags.default([]),
  groupId: boundedString('The group id', 200).nullable().optional(),
  knowledgeBase: boundedString('The knowledge base', 200).default('default'),
});
export type AddWebsiteRequest = z.infer<typeof AddWebsiteRequest>;
export type AddWebsiteRequestInput = z.input<typeof AddWebsiteRequest>;

export const WebsiteFile = z.object({
  key: FileKey,
  name: z.string(),
  type: z.enum([websiteFileTypes.page, websiteFileTypes.sitemap]),
  sourceUrl: z.string(),
  fromSitemap: z.string().optional(),
  /** Poll it as an upload's (`fileRoutes.metadata(key)`). */
  metadataUrl: z.string(),
});
export type WebsiteFile = z.infer<typeof WebsiteFile>;

export const AddWebsiteResponse = successBody({
  data: z.object({
    /** A sitemap's own file first, then its pages; a single page alone. */
    files: z.array(WebsiteFile),
    /** The sitemap's URL (the group's name) when a sitemap was added. */
    fromSitemap: z.string().optional(),
    /** The sitemap warning of the URL check, when it gave one. */
    warning: z.string().optional(),
  }),
});
export type AddWebsiteResponse = z.infer<typeof AddWebsiteResponse>;

/** Whether a file's type is one of the websites' (its content came from `sourceUrl`). */
export const isWebsiteFileType = (type: string): type is WebsiteFileType =>
  type === websiteFileTypes.page || type === websiteFileTypes.sitemap;

/** The content types a fetched page may have, and the extension the processing reads it by. */
export const websiteContentExtensions: Readonly<Record<string, string>> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'application/json': 'json',
  'application/pdf': 'pdf',
};

/** The MIME type of a Content-Type header, lower-cased, without parameters. */
export const mimeOf = (contentType: string): string => (contentType.split(';')[0] ?? '').trim().toLowerCase();

/**
 * The name processing should sniff a website file by: a page's name is its address (no extension
 * to trust), so the extension comes from the content type it was stored with (BlobHead.contentType).
 */
export const websiteReadAs = (name: string, storedContentType: string): string =>
  `${name}.${websiteContentExtensions[mimeOf(storedContentType)] ?? 'html'}`;

/** Ours: why a website or sitemap could not be taken. */
export const websiteMessages = {
  notPublic: 'This address cannot be fetched: it is not a public address.',
  credentials: 'Addresses with a user name or password are not fetched.',
  unreachable: (detail: string) => `The address could not be fetched (${detail}).`,
  httpStatus: (status: number) => `The address answered with HTTP status ${status}.`,
  notSitemap:
    'The address did not answer a sitemap: expected XML with <urlset> or <sitemapindex>, or a robots.txt with Sitemap: lines.',
  noPages: 'The sitemap lists no pages.',
  tooLarge: 'The address answered more than the platform accepts.',
  timedOut: 'The address took too long to answer.',
  emptyPage: 'The page answered nothing to read.',
  pageNotHtml: (contentType: string) =>
    `The page is not a web page or document the platform reads (${contentType}).`,
} as const;
