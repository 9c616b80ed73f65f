import { useState } from 'react';
import type { DataSource, FileStatus } from '@app/contracts';
import { dataSourceKey } from '@app/contracts';
import { fetchEmbeddingStatus } from '../../api/embeddings';
import { documentRows, documentsOfSitemap, type DocumentRow } from '../document-groups';
import { StatusBadge } from './StatusBadge';
import '../documents.css';
import { RowAction } from '../../ui/table/RowAction';

export interface DocumentListProps {
  documents: readonly DataSource[];
  /** Removes these documents (one, or a sitemap and all its pages). */
  onRemove: (documents: DataSource[]) => void;
  /** When given, each document offers Attach (to the message being written). */
  onAttach?: (document: DataSource) => void;
}

/**
 * The attached documents: a search box, sitemap pages grouped under their
 * sitemap and expandable, remove each, remove-all for a sitemap, at most 200 px high; hovering a
 * document shows its embedding status.
 */
export function DocumentList({ documents, onRemove, onAttach }: DocumentListProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [statuses, setStatuses] = useState<Record<string, FileStatus>>({});
  const rows = documentRows(documents, search);

  const hover = (document: DataSource) => {
    const known = statuses[dataSourceKey(document)];
    // Read again on each hover while it may still change.
    if (known !== undefined && known !== 'starting' && known !== 'processing') return;
    fetchEmbeddingStatus([document]).then(
      (found) => setStatuses((current) => ({ ...current, ...found })),
      () => undefined,
    );
  };
  const toggle = (sitemap: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(sitemap)) next.add(sitemap);
      return next;
    });

  const item = (document: DataSource) => (
    <li key={document.id} className="document-item" onMouseEnter={() => hover(document)}>
      <span className="document-name" title={document.name ?? document.id}>
        {document.name ?? document.id}
      </span>
      <StatusBadge status={statuses[dataSourceKey(document)] ?? null} />
      {onAttach && (
        <RowAction
          action="Attach"
          name={document.name ?? document.id}
          className="btn btn-small btn-ghost"
          onClick={() => onAttach(document)}
        />
      )}
      <RowAction
        action="Remove"
        name={document.name ?? document.id}
        className="btn-icon btn-small btn-ghost"
        onClick={() => onRemove([document])}
      >
        ×
      </RowAction>
    </li>
  );

  const group = (row: Extract<DocumentRow, { kind: 'sitemap' }>) => {
    const expanded = open.has(row.sitemap) || search.trim() !== '';
    return (
      <li key={`sitemap:${row.sitemap}`} className="document-sitemap">
        <div className="document-sitemap-head">
          <button
            type="button"
            className="document-sitemap-toggle"
            aria-expanded={expanded}
            onClick={() => toggle(row.sitemap)}
          >
            {expanded ? '▾' : '▸'} {row.document?.name ?? row.sitemap} ({row.pages.length})
          </button>
          <button
            type="button"
            className="btn btn-small btn-danger-ghost"
            onClick={() => onRemove(documentsOfSitemap(documents, row.sitemap))}
          >
            Remove all
          </button>
        </div>
        {expanded && <ul className="document-pages">{row.pages.map(item)}</ul>}
      </li>
    );
  };

  return (
    <section className="document-list" aria-label="Documents">
      <input
        className="input document-search"
        type="search"
        aria-label="Search documents"
        placeholder="Search documents"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ul className="document-rows">
        {rows.map((row) => (row.kind === 'document' ? item(row.document) : group(row)))}
      </ul>
    </section>
  );
}
