import { describe, expect, it } from 'vitest';
import type { DataSource } from '@app/contracts';
import { documentRows, documentsOfSitemap } from './document-groups';

const sitemapUrl = 'https://example.com/sitemap.xml';
const doc = (
  id: string,
  name: string,
  metadata?: DataSource['metadata'],
  type = 'text/plain',
): DataSource => ({
  id,
  name,
  type,
  ...(metadata ? { metadata } : {}),
});
const report = doc('k1', 'Report.pdf');
const sitemap = doc('k2', 'example.com sitemap', { sourceUrl: sitemapUrl }, 'website/sitemap');
const about = doc(
  'k3',
  'About us',
  { fromSitemap: sitemapUrl, sourceUrl: 'https://example.com/about' },
  'website/url',
);
const pricing = doc(
  'k4',
  'Pricing',
  { fromSitemap: sitemapUrl, sourceUrl: 'https://example.com/pricing' },
  'website/url',
);
const all = [report, about, sitemap, pricing];

describe('the document list rows', () => {
  it('groups sitemap pages under their sitemap, where the group first appears', () => {
    expect(documentRows(all)).toEqual([
      { kind: 'document', document: report },
      { kind: 'sitemap', sitemap: sitemapUrl, document: sitemap, pages: [about, pricing] },
    ]);
  });

  it('groups pages whose sitemap document is not in the list under its address', () => {
    expect(documentRows([about])).toEqual([
      { kind: 'sitemap', sitemap: sitemapUrl, document: null, pages: [about] },
    ]);
  });

  it('filters by the search, lower-cased: a matching page keeps its group with that page only', () => {
    expect(documentRows(all, '  PRICING ')).toEqual([
      { kind: 'sitemap', sitemap: sitemapUrl, document: sitemap, pages: [pricing] },
    ]);
    expect(documentRows(all, 'report')).toEqual([{ kind: 'document', document: report }]);
    expect(documentRows(all, 'nothing')).toEqual([]);
  });

  it('keeps every page of a sitemap that matches', () => {
    expect(documentRows(all, 'SITEMAP')).toEqual([
      { kind: 'sitemap', sitemap: sitemapUrl, document: sitemap, pages: [about, pricing] },
    ]);
  });

  it('remove-all takes the sitemap and all its pages', () => {
    expect(documentsOfSitemap(all, sitemapUrl)).toEqual([about, sitemap, pricing]);
  });
});
