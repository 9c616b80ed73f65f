import { describe, expect, it } from 'vitest';
import { dataSourceOfWebsiteFile, withAddedDocuments } from './add-website';
import { documentRows } from '../document-groups';

const sitemapUrl = 'http://127.0.0.1:8080/sitemap.xml';
const sitemapFile = dataSourceOfWebsiteFile({
  key: 'ann/s.website',
  name: '127.0.0.1:8080 sitemap',
  type: 'website/sitemap',
  sourceUrl: sitemapUrl,
  metadataUrl: '/m/s',
});
const page = (n: number) =>
  dataSourceOfWebsiteFile({
    key: `ann/p${n}.website`,
    name: `127.0.0.1:8080/p${n}`,
    type: 'website/url',
    sourceUrl: `http://127.0.0.1:8080/p${n}`,
    fromSitemap: sitemapUrl,
    metadataUrl: `/m/p${n}`,
  });
const notes = { id: 'ann/n.txt', key: 'ann/n.txt', name: 'notes.txt', type: 'text/plain' };

describe('adding a website to the document list', () => {
  it('given a sitemap added, then its pages group under it at once', () => {
    const rows = documentRows(withAddedDocuments([notes], [sitemapFile, page(1), page(2)]));
    expect(rows).toEqual([
      { kind: 'sitemap', sitemap: sitemapUrl, document: sitemapFile, pages: [page(1), page(2)] },
      { kind: 'document', document: notes },
    ]);
  });

  it('given the server already lists some added files, then those are not doubled', () => {
    const listed = [page(1), notes];
    expect(withAddedDocuments(listed, [sitemapFile, page(1)])).toEqual([sitemapFile, page(1), notes]);
    expect(withAddedDocuments(listed, [page(1)])).toEqual(listed);
  });
});
