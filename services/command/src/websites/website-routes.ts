import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddWebsiteRequest,
  AddWebsiteResponse,
  checkUrl,
  ErrorResponse,
  errorResponses,
  ExtractSitemapUrlsRequest,
  ExtractSitemapUrlsResponse,
  websiteLimits,
  websiteRoutes,
  type WebsiteFile,
} from '@app/contracts';
import { defaultStorageQuotaMb, DomainError, type Db, type OutboundClient } from '@app/platform';
import { runCommand } from '../shared/command-route';
import { extractSitemapUrls } from './sitemap-extract';
import { reserveStorageMany } from '../files/index';
import { recordWebsiteFiles, websiteFilesFor } from './website-files';

export interface WebsiteRoutesOptions {
  db: Db;
  /** The guarded client: every address a user typed is fetched through it, and only through it. */
  outbound: OutboundClient;
  /** Bounds of the sitemap extraction (tests shorten them). */
  extract?: { maxFetches?: number; maxDepth?: number; timeoutMs?: number };
  /** Each user's storage quota in bytes (default USER_STORAGE_QUOTA_MB's): each file added reserves a page's cap on it. */
  storageQuotaBytes?: number;
}

/** The URL as checked (the rule's message as a 400 when it breaks one). */
const checked = (typed: string, sitemap: boolean): { url: string; warning?: string } => {
  const result = checkUrl(typed, { sitemap });
  if (!result.ok) throw new DomainError(result.message);
  return result;
};

const remoteFailures = { 422: ErrorResponse } as const;

/**
 * Websites and sitemaps: POST /assistant/extract_sitemap_urls answers the pages a
 * sitemap names; POST /api/websites/add records a page, or a sitemap and its pages, as files the
 * workers fetch. Signed-in users only; every fetch goes through the guarded outbound client.
 */
export const websiteRoutesPlugin =
  (opts: WebsiteRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    const storageQuotaBytes = opts.storageQuotaBytes ?? defaultStorageQuotaMb * 1024 * 1024;
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const extract = (url: string, maxPages: number | undefined, signal: AbortSignal) =>
      extractSitemapUrls(opts.outbound, url, {
        maxPages: maxPages ?? websiteLimits.defaultMaxPages,
        signal,
        ...opts.extract,
      });

    routes.post(
      websiteRoutes.extractSitemapUrls,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            'The pages a sitemap (or an index of sitemaps, or robots.txt) names, at most maxPages.',
          body: ExtractSitemapUrlsRequest,
          response: { ...errorResponses, ...remoteFailures, 200: ExtractSitemapUrlsResponse },
        },
      },
      async (request, reply) => {
        const { url } = checked(request.body.sitemap, true);
        const closed = new AbortController();
        reply.raw.once('close', () => closed.abort());
        const urls = await extract(url, request.body.maxPages, closed.signal);
        const answer: ExtractSitemapUrlsResponse = { success: true, data: { urls } };
        return answer;
      },
    );

    routes.post(
      websiteRoutes.add,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            "Adds a web page (type website/url) or a sitemap's pages (website/sitemap and a website/url file per page) as the caller's files; the workers fetch each.",
          body: AddWebsiteRequest,
          response: { ...errorResponses, ...remoteFailures, 200: AddWebsiteResponse },
        },
      },
      async (request) => {
        const body = request.body;
        const { url, warning } = checked(body.url, body.sitemap);
        const actor = await request.actor();
        const pages = body.sitemap
          ? await extract(url, body.maxPages, AbortSignal.timeout(websiteLimits.extractTimeoutMs))
          : undefined;
        const files = websiteFilesFor({
          owner: actor.email,
          request: body,
          url,
          ...(pages ? { pages } : {}),
        });
        const { result } = await runCommand<WebsiteFile[]>(
          request,
          opts,
          'addWebsite',
          async (trx, { metadata }) => {
            // Sized only once fetched: each file holds the most a page may be until its bytes are counted.
            const keys = files.map((f) => f.key);
            const bytesEach = websiteLimits.maxPageBytes;
            await reserveStorageMany(
              trx,
              { owner: actor.email, keys, bytesEach, quotaBytes: storageQuotaBytes },
              metadata,
            );
            return recordWebsiteFiles(trx, files, metadata);
          },
        );
        const answer: AddWebsiteResponse = {
          success: true,
          data: {
            files: result,
            ...(body.sitemap ? { fromSitemap: url } : {}),
            ...(warning ? { warning } : {}),
          },
        };
        return answer;
      },
    );
  };
