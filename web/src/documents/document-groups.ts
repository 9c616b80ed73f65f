import type { DataSource } from '@app/contracts';

/** The document list's rows: sitemap pages grouped under their sitemap. */
export type DocumentRow =
  | { kind: 'document'; document: DataSource }
  | {
      kind: 'sitemap';
      /** The sitemap's address: its pages' `metadata.fromSitemap`. */
      sitemap: string;
      /** The sitemap's own document, when it is in the list. */
      document: DataSource | null;
      pages: DataSource[];
    };

export const sitemapType = 'website/sitemap';

const metadataText = (document: DataSource, field: string): string | null => {
  const value = document.metadata?.[field];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The sitemap a page came from, when it came from one. */
export const fromSitemapOf = (document: DataSource): string | null => metadataText(document, 'fromSitemap');

/** The address a sitemap document stands for: its source URL, else its name. */
const sitemapAddressOf = (document: DataSource): string =>
  metadataText(document, 'sourceUrl') ?? document.name ?? document.id;

const matches = (document: DataSource, search: string): boolean =>
  [document.name ?? document.id, metadataText(document, 'sourceUrl') ?? '']
    .join('\n')
    .toLowerCase()
    .includes(search);

/**
 * Groups the documents, in the order they came (a group where its sitemap or first page came), and
 * keeps what `search` matches, lower-cased: a sitemap that matches keeps all its pages, otherwise
 * only the pages that match.
 */
export function documentRows(documents: readonly DataSource[], search = ''): DocumentRow[] {
  const needle = search.trim().toLowerCase();
  const rows: DocumentRow[] = [];
  const groups = new Map<string, Extract<DocumentRow, { kind: 'sitemap' }>>();
  const groupOf = (sitemap: string) => {
    let group = groups.get(sitemap);
    if (!group) {
      group = { kind: 'sitemap', sitemap, document: null, pages: [] };
      groups.set(sitemap, group);
      rows.push(group);
    }
    return group;
  };
  for (const document of documents) {
    const from = fromSitemapOf(document);
    if (from !== null) groupOf(from).pages.push(document);
    else if (document.type === sitemapType) groupOf(sitemapAddressOf(document)).document = document;
    else rows.push({ kind: 'document', document });
  }
  if (needle === '') return rows;
  return rows.flatMap((row): DocumentRow[] => {
    if (row.kind === 'document') return matches(row.document, needle) ? [row] : [];
    const sitemapMatches =
      row.sitemap.toLowerCase().includes(needle) || (row.document !== null && matches(row.document, needle));
    if (sitemapMatches) return [row];
    const pages = row.pages.filter((page) => matches(page, needle));
    return pages.length > 0 ? [{ ...row, pages }] : [];
  });
}

/** Every document a row stands for (a sitemap's remove-all removes these). */
export const documentsOfRow = (row: DocumentRow): DataSource[] =>
  row.kind === 'document' ? [row.document] : [...(row.document ? [row.document] : []), ...row.pages];

/** Every document of a sitemap: the sitemap's own and all its pages, whatever the search shows. */
export function documentsOfSitemap(documents: readonly DataSource[], sitemap: string): DataSource[] {
  return documents.filter((document) =>
    fromSitemapOf(document) !== null
      ? fromSitemapOf(document) === sitemap
      : document.type === sitemapType && sitemapAddressOf(document) === sitemap,
  );
}
