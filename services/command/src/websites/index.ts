export { websiteRoutesPlugin, type WebsiteRoutesOptions } from './website-routes';
export { extractSitemapUrls, fetchBody, type ExtractOptions } from './sitemap-extract';
export { parseSitemapDocument, sitemapText, type SitemapDocument } from './sitemap-parse';
export { WebsiteFetchError, websiteErrorOf } from './website-errors';
export { pageName, sitemapName, websiteFilesFor, recordWebsiteFiles } from './website-files';
export {
  fetchWebsiteFile,
  rescanWebsite,
  type RescanOutcome,
  type WebsiteFetchOutcome,
  type WebsiteServices,
} from './website-fetch';
export { fetchWebsiteContent, sitemapListing, type WebsiteContent } from './website-content';
