import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFileUpload } from '@app/command';
import {
  fileRoutes,
  FileMetadataResponse,
  FileQueryResponse,
  UploadFileRequest,
  websiteFileTypes,
  type EventMetadata,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const ann = 'ann@example.com';
const sitemap = 'https://docs.example.com/sitemap.xml';
const pageUrl = 'https://docs.example.com/guide';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [] });
});
afterAll(async () => {
  await p.close();
});

let n = 0;
const asAnn = (): EventMetadata => {
  n += 1;
  const id = `website-metadata-${n}`;
  return {
    actor: { email: ann, kind: 'user' },
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};

/** A file recorded as the websites' add records one (with its source and sitemap, when given). */
const record = async (name: string, type: string, source?: { sourceUrl: string; fromSitemap?: string }) =>
  (
    await requestFileUpload(
      p.database.db,
      { owner: ann, request: UploadFileRequest.parse({ type, name }), ...source },
      asAnn(),
    )
  ).key;

describe('the files metadata of a website', () => {
  it("given a sitemap, its page and an upload, then the list and the metadata url carry each one's sourceUrl and fromSitemap", async () => {
    const sitemapKey = await record('docs.example.com sitemap', websiteFileTypes.sitemap, {
      sourceUrl: sitemap,
    });
    const pageKey = await record('docs.example.com/guide', websiteFileTypes.page, {
      sourceUrl: pageUrl,
      fromSitemap: sitemap,
    });
    const uploadKey = await record('notes.txt', 'text/plain');
    await p.settle();

    const res = await p.call(ann, 'POST', fileRoutes.query, { body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const items = FileQueryResponse.parse(res.json()).data.items;
    const byKey = new Map(items.map((i) => [i.key, i]));
    expect(byKey.get(sitemapKey)).toMatchObject({ type: websiteFileTypes.sitemap, sourceUrl: sitemap });
    expect(byKey.get(sitemapKey)).not.toHaveProperty('fromSitemap');
    expect(byKey.get(pageKey)).toMatchObject({
      type: websiteFileTypes.page,
      sourceUrl: pageUrl,
      fromSitemap: sitemap,
    });
    expect(byKey.get(uploadKey)).not.toHaveProperty('sourceUrl');
    expect(byKey.get(uploadKey)).not.toHaveProperty('fromSitemap');

    const metadata = await p.call(ann, 'GET', fileRoutes.metadata(pageKey));
    expect(metadata.statusCode, metadata.body).toBe(200);
    expect(FileMetadataResponse.parse(metadata.json()).data).toMatchObject({
      sourceUrl: pageUrl,
      fromSitemap: sitemap,
    });
  });
});
