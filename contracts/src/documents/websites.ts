import { z } from 'zod';
import { boundedString } from '../bounded';
import { FileKey, FileTags } from './files';

/**
 * Websites and sitemaps as documents (second spec, sections 3, 5 and 7; issue 9 item 5).
 *
 * The model: every page is a file of its own (stream `file-<key>`, fetched by the `website-fetch`
 * job through the guarded outbound client, then processed like an upload).
 * - A single page: type `website/url`, `sourceUrl` = the page.
 * - A sitemap: one file per page it lists, each of type `website/sitemap` with `sourceUrl` = the
 *   page and `fromSitemap` = the sitemap's URL. The sitemap itself is not a file: its group is the
 *   files sharing one `fromSitemap` (the document list shows them under it, expandable, with
 *   remove-all).
 */
export const websiteRoutes = {
  /** POST {sitemap, maxPages?} → {success, data: {urls}} (second spec, section 7). */
  extractSitemapUrls: '/assistant/extract_sitemap_urls',
  /** POST {url, sitemap?, maxPages?, ragOn?, ...} → the files recorded (ours). */
  add: '/api/websites/add',
} as const;

export const websiteFileTypes = { page: 'website/url', sitemapPage: 'website/sitemap' } as const;
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
} as const;

const MaxPages = z.number().int().min(1).max(websiteLimits.maxPages);

/** What the user typed: checked with `checkUrl` by the route (400 with the spec's message). */
const TypedUrl = boundedString('The URL', websiteLimits.urlLength);

export const ExtractSitemapUrlsRequest = z.object({
  sitemap: TypedUrl,
  maxPages: MaxPages.optional(),
});
export type ExtractSitemapUrlsRequest = z.infer<typeof ExtractSitemapUrlsRequest>;

export const ExtractSitemapUrlsResponse = z.object({
  success: z.literal(true),
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
  type: z.enum([websiteFileTypes.page, websiteFileTypes.sitemapPage]),
  sourceUrl: z.string(),
  fromSitemap: z.string().optional(),
  /** Poll it as an upload's (`fileRoutes.metadata(key)`). */
  metadataUrl: z.string(),
});
export type WebsiteFile = z.infer<typeof WebsiteFile>;

export const AddWebsiteResponse = z.object({
  success: z.literal(true),
  data: z.object({
    files: z.array(WebsiteFile),
    /** The sitemap's URL (the group's name) when a sitemap was added. */
    fromSitemap: z.string().optional(),
    /** The sitemap warning of the URL check, when it gave one. */
    warning: z.string().optional(),
  }),
});
export type AddWebsiteResponse = z.infer<typeof AddWebsiteResponse>;

/** The website job's input: the FileUploadRequested of a file with a `sourceUrl`. */
export const WebsiteFetchJobData = z.object({ key: FileKey, sourceUrl: z.string() });
export type WebsiteFetchJobData = z.infer<typeof WebsiteFetchJobData>;

/** Ours (the spec shows no server behaviour): why a website or sitemap could not be taken. */
export const websiteMessages = {
  notPublic: 'This address cannot be fetched: it is not a public address.',
  unreachable: (detail: string) => `The address could not be fetched (${detail}).`,
  httpStatus: (status: number) => `The address answered with HTTP status ${status}.`,
  notSitemap:
    'The address did not answer a sitemap: expected XML with <urlset> or <sitemapindex>, or a robots.txt with Sitemap: lines.',
  noPages: 'The sitemap lists no pages.',
  tooLarge: 'The sitemap is larger than the platform accepts.',
  timedOut: 'Reading the sitemap took too long; try a smaller one or fewer pages.',
  pageNotHtml: (contentType: string) =>
    `The page is not a web page or document the platform reads (${contentType}).`,
} as const;
