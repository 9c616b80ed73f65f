import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { websiteMessages } from '@app/contracts';
import {
  OutboundError,
  OutboundRefusedError,
  type OutboundClient,
  type OutboundResponse,
} from '@app/platform';
import {
  extractSitemapUrls,
  parseSitemapDocument,
  sitemapText,
  WebsiteFetchError,
} from '../../src/websites/index';

const urlset = (...locs: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const index = (...locs: string[]) =>
  `<sitemapindex>${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`;

describe('parseSitemapDocument', () => {
  it('given a urlset, then its pages (entities decoded, whitespace trimmed, one page alone too)', () => {
    expect(parseSitemapDocument(urlset('https://a.example/x?p=1&amp;q=2', ' https://a.example/y '))).toEqual({
      kind: 'urlset',
      urls: ['https://a.example/x?p=1&q=2', 'https://a.example/y'],
    });
    expect(parseSitemapDocument(urlset('https://a.example/'))).toEqual({
      kind: 'urlset',
      urls: ['https://a.example/'],
    });
  });

  it('given a namespaced or BOM-led document, then it is read as well', () => {
    const prefixed =
      '\uFEFF<sm:urlset xmlns:sm="x"><sm:url><sm:loc>https://a.example/z</sm:loc></sm:url></sm:urlset>';
    expect(parseSitemapDocument(prefixed)).toEqual({ kind: 'urlset', urls: ['https://a.example/z'] });
  });

  it('given a sitemap index, then its sitemaps', () => {
    expect(parseSitemapDocument(index('https://a.example/s1.xml', 'https://a.example/s2.xml'))).toEqual({
      kind: 'index',
      sitemaps: ['https://a.example/s1.xml', 'https://a.example/s2.xml'],
    });
  });

  it('keeps only absolute http(s) addresses', () => {
    expect(
      parseSitemapDocument(
        urlset('/relative', 'ftp://a.example/f', 'javascript:alert(1)', 'http://ok.example/'),
      ),
    ).toEqual({
      kind: 'urlset',
      urls: ['http://ok.example/'],
    });
  });

  it('given robots.txt, then its Sitemap: lines, whatever their case', () => {
    const robots =
      'User-agent: *\nDisallow: /\nSitemap: https://a.example/one.xml\n  sitemap:https://a.example/two.xml\n';
    expect(parseSitemapDocument(robots)).toEqual({
      kind: 'robots',
      sitemaps: ['https://a.example/one.xml', 'https://a.example/two.xml'],
    });
  });

  it('given HTML, plain text, JSON, broken XML or an empty body, then none', () => {
    for (const text of [
      '<html><body>hi</body></html>',
      'hello',
      '{"urlset":[]}',
      '<urlset><url>',
      '',
      'User-agent: *',
    ])
      expect(parseSitemapDocument(text), text).toEqual({ kind: 'none' });
  });

  it('given a DOCTYPE whose entities expand without bound, then it is not expanded (none, or bounded)', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]><urlset><url><loc>https://a.example/&lol4;</loc></url></urlset>`;
    const doc = parseSitemapDocument(bomb);
    expect(JSON.stringify(doc).length).toBeLessThan(20_000);
  });
});

describe('sitemapText', () => {
  it('unpacks a gzipped sitemap; refuses one past the bound as too large', () => {
    expect(sitemapText(gzipSync(Buffer.from(urlset('https://a.example/'))))).toBe(
      urlset('https://a.example/'),
    );
    const huge = gzipSync(Buffer.alloc(11 * 1024 * 1024, 0x20));
    expect(() => sitemapText(huge)).toThrow(new WebsiteFetchError('too-large', websiteMessages.tooLarge));
  });
});

/** A guarded client stand-in answering from a table (no network). */
const fakeOutbound = (answers: Record<string, string | Error>, asked: string[] = []): OutboundClient => ({
  request: (url) => {
    const href = String(url);
    asked.push(href);
    const a = answers[href];
    if (a instanceof Error) return Promise.reject(a);
    const answer: OutboundResponse =
      a === undefined
        ? { status: 404, headers: {}, body: Buffer.from(''), url: href }
        : { status: 200, headers: { 'content-type': 'application/xml' }, body: Buffer.from(a), url: href };
    return Promise.resolve(answer);
  },
  fetch: () => Promise.reject(new Error('not used')),
  close: () => Promise.resolve(),
});

describe('extractSitemapUrls (bounds)', () => {
  it('given indexes nested deeper than maxDepth, then the deeper ones are not fetched', async () => {
    const asked: string[] = [];
    const chain = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [
        `https://a.example/i${i}.xml`,
        i === 9
          ? urlset('https://a.example/deep')
          : index(`https://a.example/i${i + 1}.xml`, 'https://a.example/s.xml'),
      ]),
    );
    const outbound = fakeOutbound(
      { ...chain, 'https://a.example/s.xml': urlset('https://a.example/p') },
      asked,
    );
    const urls = await extractSitemapUrls(outbound, 'https://a.example/i0.xml', {
      maxPages: 50,
      maxDepth: 2,
    });
    expect(urls).toEqual(['https://a.example/p']);
    expect(asked).toEqual([
      'https://a.example/i0.xml',
      'https://a.example/i1.xml',
      'https://a.example/s.xml',
      'https://a.example/i2.xml',
    ]);
  });

  it('given an index naming itself, or more sitemaps than maxFetches, then each is fetched once and the fetches stop', async () => {
    const asked: string[] = [];
    const many = Array.from({ length: 30 }, (_, i) => `https://a.example/s${i}.xml`);
    const outbound = fakeOutbound(
      {
        'https://a.example/index.xml': index('https://a.example/index.xml', ...many),
        ...Object.fromEntries(many.map((u, i) => [u, urlset(`https://a.example/p${i}`)])),
      },
      asked,
    );
    const urls = await extractSitemapUrls(outbound, 'https://a.example/index.xml', {
      maxPages: 500,
      maxFetches: 5,
    });
    expect(urls).toHaveLength(4);
    expect(asked).toHaveLength(5);
  });

  it('given a nested sitemap that fails, then it is skipped; when nothing is found, its reason is the answer', async () => {
    const outbound = fakeOutbound({
      'https://a.example/index.xml': index('https://a.example/gone.xml', 'https://a.example/ok.xml'),
      'https://a.example/ok.xml': urlset('https://a.example/p'),
      'https://a.example/only-refused.xml': index('https://a.example/private.xml'),
      'https://a.example/private.xml': new OutboundRefusedError(
        'a.example (10.0.0.1) is a private address, not listed in OUTBOUND_ALLOW',
      ),
    });
    expect(await extractSitemapUrls(outbound, 'https://a.example/index.xml', { maxPages: 5 })).toEqual([
      'https://a.example/p',
    ]);
    await expect(
      extractSitemapUrls(outbound, 'https://a.example/only-refused.xml', { maxPages: 5 }),
    ).rejects.toThrow(websiteMessages.notPublic);
  });

  it("maps the client's failures to clear messages", async () => {
    const outbound = fakeOutbound({
      'https://a.example/big.xml': new OutboundError('a.example: the answer is larger than 1048576 bytes'),
      'https://a.example/slow.xml': new OutboundError('a.example: timed out'),
      'https://a.example/down.xml': new OutboundError('a.example: connection refused'),
    });
    const reason = (url: string) =>
      extractSitemapUrls(outbound, url, { maxPages: 5 }).catch((e: unknown) => (e as Error).message);
    expect(await reason('https://a.example/big.xml')).toBe(websiteMessages.tooLarge);
    expect(await reason('https://a.example/slow.xml')).toBe(websiteMessages.timedOut);
    expect(await reason('https://a.example/down.xml')).toBe(
      websiteMessages.unreachable('a.example: connection refused'),
    );
    expect(await reason('https://a.example/nothing.xml')).toBe(websiteMessages.httpStatus(404));
  });
});
