import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fileRoutes,
  urlCheckMessages,
  websiteLimits,
  websiteMessages,
  websiteRoutes,
  type AddWebsiteResponse,
  type ExtractSitemapUrlsResponse,
  type FileUploadRequestedData,
} from '@app/contracts';
import { eventColumns, toRecordedEvent, type Lookup } from '@app/platform';
import { startSitemapServer, type SitemapServer } from '../support-websites/sitemap-server';
import { startWebsitesApp, type WebsitesApp } from '../support-websites/websites-app';

const ann = 'ann@example.com';

/** Test host names: one resolves to a private address, one to a loopback address not allow-listed. */
const lookup: Lookup = (hostname) => {
  const table: Record<string, string> = {
    'intranet.example.org': '10.20.30.40',
    'other-loopback.example.org': '127.0.0.2',
    'sitemaps.example.org': '127.0.0.1',
  };
  const address = table[hostname];
  return address ? Promise.resolve([{ address, family: 4 }]) : Promise.reject(new Error('ENOTFOUND'));
};

let site: SitemapServer;
let p: WebsitesApp;
beforeAll(async () => {
  site = await startSitemapServer();
  p = await startWebsitesApp(lookup);
});
afterAll(async () => {
  await p.close();
  await site.close();
});

const at = (path: string) => `${site.origin}${path}`;
const extract = (body: unknown, email: string | null = ann) =>
  p.post(email, websiteRoutes.extractSitemapUrls, body);
const urlsOf = (res: { json: () => unknown }) => (res.json() as ExtractSitemapUrlsResponse).data.urls;
const fileEvents = async () =>
  (
    await p.database.db
      .selectFrom('events')
      .select(eventColumns)
      .where('stream_id', 'like', 'file-%')
      .orderBy('global_position')
      .execute()
  ).map(toRecordedEvent);

describe('POST /assistant/extract_sitemap_urls', () => {
  it('given a sitemap index with nested sitemaps (one gzipped), then every page once, in order', async () => {
    const res = await extract({ sitemap: at('/sitemap_index.xml') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { urls: [at('/a1'), at('/a2?x=1&y=2'), at('/a3'), at('/b1'), at('/b2'), at('/c1')] },
    });
  });

  it('given maxPages, then at most that many pages, and no more sitemaps fetched than needed', async () => {
    site.requests.length = 0;
    const res = await extract({ sitemap: at('/sitemap_index.xml'), maxPages: 4 });
    expect(urlsOf(res)).toEqual([at('/a1'), at('/a2?x=1&y=2'), at('/a3'), at('/b1')]);
    expect(site.requests).toEqual(['/sitemap_index.xml', '/sitemap-a.xml', '/sitemap-b.xml.gz']);
    expect(urlsOf(await extract({ sitemap: at('/sitemap-a.xml'), maxPages: 1 }))).toEqual([at('/a1')]);
  });

  it('given robots.txt, then the pages of its Sitemap: lines', async () => {
    expect(urlsOf(await extract({ sitemap: at('/robots.txt') }))).toEqual([
      at('/a1'),
      at('/a2?x=1&y=2'),
      at('/a3'),
    ]);
  });

  it('given a host name the client resolves to 127.0.0.1 (allow-listed), then it is read', async () => {
    const port = new URL(site.origin).port;
    const res = await extract({ sitemap: `http://sitemaps.example.org:${port}/sitemap-a.xml` });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('given an answer that is not a sitemap, then 422 says so', async () => {
    const res = await extract({ sitemap: at('/not-xml') });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: websiteMessages.notSitemap });
  });

  it('given a sitemap with no pages, or a status other than 2xx, then 422 with a clear message', async () => {
    expect((await extract({ sitemap: at('/empty.xml') })).json()).toEqual({
      success: false,
      message: websiteMessages.noPages,
    });
    const missing = await extract({ sitemap: at('/missing-sitemap.xml') });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ success: false, message: websiteMessages.httpStatus(404) });
  });

  it('given a host that resolves to a private address (or to nothing: the same answer), then the guarded client refuses it before connecting', async () => {
    site.requests.length = 0;
    const hosts = [
      'intranet.example.org',
      'other-loopback.example.org',
      'unknown.example.org',
      '127.0.0.2',
      '10.0.0.1',
    ];
    for (const host of hosts) {
      const res = await extract({ sitemap: `http://${host}/sitemap.xml` });
      expect(res.statusCode, host).toBe(422);
      expect(res.json(), host).toEqual({ success: false, message: websiteMessages.notPublic });
    }
    expect(site.requests).toEqual([]);
  });

  it('given an address with a user name and password, then the guarded client does not fetch it', async () => {
    site.requests.length = 0;
    const res = await extract({ sitemap: at('/sitemap-a.xml').replace('http://', 'http://user:secret@') });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: websiteMessages.credentials });
    expect(site.requests).toEqual([]);
  });

  it('given a URL the URL check refuses, then 400 with the spec message and nothing fetched', async () => {
    site.requests.length = 0;
    const cases: [string, string][] = [
      ['', urlCheckMessages.required],
      ['ftp://example.com/sitemap.xml', urlCheckMessages.scheme],
      ['intranet/sitemap.xml', urlCheckMessages.topLevelDomain],
      ['300.1.1.1/sitemap.xml', urlCheckMessages.ipAddress],
    ];
    for (const [sitemap, message] of cases) {
      const res = await extract({ sitemap });
      expect(res.statusCode, sitemap).toBe(400);
      expect(res.json(), sitemap).toEqual({ success: false, message });
    }
    expect(site.requests).toEqual([]);
  });

  it('refuses bad bodies (400) and callers not signed in (401)', async () => {
    for (const body of [
      {},
      { sitemap: 3 },
      { sitemap: at('/sitemap-a.xml'), maxPages: 0 },
      { sitemap: 'x.com', maxPages: websiteLimits.maxPages + 1 },
    ])
      expect((await extract(body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await extract({ sitemap: at('/sitemap-a.xml') }, null)).statusCode).toBe(401);
  });
});

describe('POST /api/websites/add', () => {
  it('given a page, then one website/url file whose upload is requested with its source URL', async () => {
    const res = await p.post(ann, websiteRoutes.add, { url: at('/page'), tags: ['docs'] });
    expect(res.statusCode, res.body).toBe(200);
    const { files } = res.json<AddWebsiteResponse>().data;
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{16}\/[0-9a-f-]{36}$/) as string,
      name: `${new URL(site.origin).host}/page`,
      type: 'website/url',
      sourceUrl: at('/page'),
      metadataUrl: fileRoutes.metadata(file!.key),
    });
    const events = (await fileEvents()).filter((e) => e.streamId === `file-${file!.key}`);
    expect(events.map((e) => e.type)).toEqual(['FileUploadRequested']);
    expect(events[0]!.data).toMatchObject({
      owner: ann,
      type: 'website/url',
      sourceUrl: at('/page'),
      tags: ['docs'],
      ragOn: true,
    } satisfies Partial<FileUploadRequestedData>);
  });

  it('given a sitemap, then its group file and one file per page (at most maxPages) with fromSitemap', async () => {
    const sitemap = at('/sitemap_index.xml');
    const res = await p.post(ann, websiteRoutes.add, {
      url: sitemap,
      sitemap: true,
      maxPages: 2,
      ragOn: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<AddWebsiteResponse>();
    expect(data.fromSitemap).toBe(sitemap);
    expect(data.files.map((f) => [f.type, f.sourceUrl, f.fromSitemap])).toEqual([
      ['website/sitemap', sitemap, undefined],
      ['website/url', at('/a1'), sitemap],
      ['website/url', at('/a2?x=1&y=2'), sitemap],
    ]);
    expect(data.files[0]!.name).toBe(`${new URL(site.origin).host} sitemap`);
    const requested = (await fileEvents()).filter((e) =>
      data.files.some((f) => e.streamId === `file-${f.key}`),
    );
    expect(requested.map((e) => (e.data as FileUploadRequestedData).ragOn)).toEqual([false, false, false]);
    expect((requested[0]!.data as FileUploadRequestedData).data).toEqual({ maxPages: 2 });
  });

  it('given a page URL as a sitemap, then 422: it is not a sitemap, and nothing is appended', async () => {
    const before = await fileEvents();
    const res = await p.post(ann, websiteRoutes.add, { url: at('/page'), sitemap: true });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: websiteMessages.notSitemap });
    expect(await fileEvents()).toEqual(before);
  });

  it('given a sitemap whose URL does not look like one, then it is added with the URL check warning', async () => {
    const res = await p.post(ann, websiteRoutes.add, { url: at('/feed'), sitemap: true });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<AddWebsiteResponse>();
    expect(data.warning).toBe(urlCheckMessages.notSitemapLike);
    expect(data.files.map((f) => f.sourceUrl)).toEqual([at('/feed'), at('/f1')]);
  });

  it('given a bad URL, then 400 with the spec message and nothing appended', async () => {
    const before = await fileEvents();
    for (const [url, message] of [
      ['website: exa mple.com', urlCheckMessages.spaces],
      ['javascript:alert(1)', urlCheckMessages.scheme],
      ['example.c', urlCheckMessages.topLevelDomainLetters],
    ] as const) {
      const res = await p.post(ann, websiteRoutes.add, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ success: false, message });
    }
    expect(await fileEvents()).toEqual(before);
  });

  it('given a sitemap the guarded client refuses, then 422 and nothing appended', async () => {
    const before = await fileEvents();
    const res = await p.post(ann, websiteRoutes.add, {
      url: 'http://intranet.example.org/sitemap.xml',
      sitemap: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: websiteMessages.notPublic });
    expect(await fileEvents()).toEqual(before);
  });

  it('the same Idempotency-Key answers the first result and appends nothing more', async () => {
    const headers = { 'idempotency-key': 'add-page-once' };
    const first = await p.post(ann, websiteRoutes.add, { url: at('/page') }, headers);
    expect(first.statusCode).toBe(200);
    const before = await fileEvents();
    const again = await p.post(ann, websiteRoutes.add, { url: at('/page') }, headers);
    expect(again.json()).toEqual(first.json());
    expect(await fileEvents()).toEqual(before);
  });

  it('refuses callers not signed in', async () => {
    expect((await p.post(null, websiteRoutes.add, { url: at('/page') })).statusCode).toBe(401);
  });
});
