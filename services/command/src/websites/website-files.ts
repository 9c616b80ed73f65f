import {
  fileLimits,
  fileRoutes,
  fileStreamId,
  websiteFileTypes,
  type AddWebsiteRequest,
  type EventMetadata,
  type FileUploadRequestedData,
  type WebsiteFile,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { handleCommand } from '../shared/handle-command';
import { fileDecider, fileKeyFor } from '../files/index';

/** A page's name in the document list: its address without the scheme (and without a lone '/'). */
export const pageName = (url: string): string => {
  const u = new URL(url);
  const path = u.pathname === '/' ? '' : u.pathname;
  return `${u.host}${path}${u.search}`.slice(0, fileLimits.nameLength);
};

/** A sitemap's name in the document list, as the document list's group shows it. */
export const sitemapName = (url: string): string =>
  `${new URL(url).host} sitemap`.slice(0, fileLimits.nameLength);

export interface WebsiteFilesInput {
  owner: string;
  request: AddWebsiteRequest;
  /** The checked address: a page, or the sitemap when `pages` is given. */
  url: string;
  /** A sitemap's pages (already extracted): one file for the sitemap, one per page. */
  pages?: readonly string[];
}

const fileFor = (
  owner: string,
  request: AddWebsiteRequest,
  spec: Pick<FileUploadRequestedData, 'name' | 'type' | 'data'> & { sourceUrl: string; fromSitemap?: string },
): FileUploadRequestedData => ({
  key: fileKeyFor(owner, 'website'),
  owner,
  name: spec.name,
  type: spec.type,
  knowledgeBase: request.knowledgeBase,
  tags: request.tags,
  groupId: request.groupId ?? null,
  ragOn: request.ragOn,
  data: spec.data,
  sourceUrl: spec.sourceUrl,
  ...(spec.fromSitemap === undefined ? {} : { fromSitemap: spec.fromSitemap }),
});

/** The files a website or a sitemap becomes (see `websiteRoutes`' model), the sitemap's first. */
export const websiteFilesFor = (input: WebsiteFilesInput): FileUploadRequestedData[] => {
  const { owner, request, url, pages } = input;
  if (pages === undefined)
    return [
      fileFor(owner, request, { name: pageName(url), type: websiteFileTypes.page, data: {}, sourceUrl: url }),
    ];
  return [
    fileFor(owner, request, {
      name: sitemapName(url),
      type: websiteFileTypes.sitemap,
      data: { maxPages: pages.length },
      sourceUrl: url,
    }),
    ...pages.map((page) =>
      fileFor(owner, request, {
        name: pageName(page),
        type: websiteFileTypes.page,
        data: {},
        sourceUrl: page,
        fromSitemap: url,
      }),
    ),
  ];
};

/**
 * Records the upload of each file in the caller's transaction (all or none): FileUploadRequested
 * with its `sourceUrl`, which the workers' `website-fetch` job answers by fetching it.
 */
export const recordWebsiteFiles = async (
  trx: Db,
  files: readonly FileUploadRequestedData[],
  metadata: EventMetadata,
): Promise<WebsiteFile[]> => {
  const recorded: WebsiteFile[] = [];
  for (const data of files) {
    await handleCommand(
      trx,
      fileDecider,
      fileStreamId(data.key),
      { type: 'RequestUpload', data },
      { metadata },
    );
    recorded.push({
      key: data.key,
      name: data.name,
      type: data.type === websiteFileTypes.sitemap ? websiteFileTypes.sitemap : websiteFileTypes.page,
      sourceUrl: data.sourceUrl ?? '',
      ...(data.fromSitemap === undefined ? {} : { fromSitemap: data.fromSitemap }),
      metadataUrl: fileRoutes.metadata(data.key),
    });
  }
  return recorded;
};
