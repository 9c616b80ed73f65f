import { useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { adminHistoryMessages, type AdminHistoryRow } from '@app/contracts';
import { errorText } from '../../api/http';
import { downloadText } from '../../ui/download';
import { Modal } from '../../ui/Modal';
import { fetchHistoryCsv, fetchHistoryPage } from './history-api';
import { historyFilterAtom, type HistoryFilter } from './history-filter';
import { HistoryFilters } from './HistoryFilters';
import { HistoryGrid } from './HistoryGrid';
import './history.css';

interface Page {
  rows: AdminHistoryRow[];
  nextCursor: string | null;
}

/** What came back for one request (its key: the filters and the page's cursor). */
interface Answer {
  key: string;
  page: Page | null;
  error: string | null;
}

/** The rows for the filters, a page at a time (a change of filters starts again). */
function useHistoryRows(filter: HistoryFilter) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [more, setMore] = useState<string | undefined>(undefined);
  const filterKey = JSON.stringify(filter);
  const key = `${filterKey} ${more ?? ''}`;
  useEffect(() => {
    const aborter = new AbortController();
    fetchHistoryPage(filter, more, aborter.signal).then(
      (got) =>
        setAnswer((before) => ({
          key,
          error: null,
          page: {
            rows: more && before?.page ? [...before.page.rows, ...got.data] : got.data,
            nextCursor: got.nextCursor,
          },
        })),
      (e: unknown) => {
        if (!aborter.signal.aborted)
          setAnswer((before) => ({ key, page: before?.page ?? null, error: errorText(e) }));
      },
    );
    return () => aborter.abort();
  }, [filter, more, key]);
  // While a new filter loads, the old rows are not shown; while a next page loads, they stay.
  const current =
    answer && (answer.key === key || (more && answer.key.startsWith(filterKey))) ? answer : null;
  return {
    page: current?.page ?? null,
    error: current?.key === key ? current.error : null,
    loadMore: setMore,
    restart: () => setMore(undefined),
  };
}

/** The History view: every admin change field by field (or the sessions), filtered, as a table and a CSV. */
export function HistoryView() {
  const [filter, setFilter] = useAtom(historyFilterAtom);
  if (!filter) return null;
  return <HistoryPanel filter={filter} onFilter={setFilter} onClose={() => setFilter(null)} />;
}

function HistoryPanel({
  filter,
  onFilter,
  onClose,
}: {
  filter: HistoryFilter;
  onFilter: (next: HistoryFilter) => void;
  onClose: () => void;
}) {
  const { page, error, loadMore, restart } = useHistoryRows(filter);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const exportCsv = () => {
    setExporting(true);
    setExportError(null);
    fetchHistoryCsv(filter)
      .then((csv) => downloadText(csv, `admin-history-${filter.kind}.csv`, 'text/csv'))
      .catch((e: unknown) => setExportError(errorText(e)))
      .finally(() => setExporting(false));
  };
  const status =
    error ??
    (page
      ? page.rows.length
        ? adminHistoryMessages.rowCount(page.rows.length)
        : adminHistoryMessages.noRows
      : 'Loading…');
  return (
    <Modal label={adminHistoryMessages.title} onDismiss={onClose} className="history-dialog">
      <header className="history-head">
        <h2 className="history-title">{adminHistoryMessages.title}</h2>
        <div className="history-actions">
          <button type="button" className="btn" onClick={exportCsv} disabled={exporting}>
            {exporting ? 'Exporting…' : adminHistoryMessages.exportCsv}
          </button>
          <button type="button" className="btn" onClick={onClose} data-autofocus>
            Close
          </button>
        </div>
      </header>
      <HistoryFilters
        value={filter}
        onChange={(next) => {
          restart();
          onFilter(next);
        }}
      />
      <p className={error || exportError ? 'history-status history-error' : 'history-status'} role="status">
        {exportError ?? status}
      </p>
      {page && page.rows.length > 0 && <HistoryGrid rows={page.rows} />}
      {page?.nextCursor && (
        <button
          type="button"
          className="btn history-more"
          onClick={() => loadMore(page.nextCursor ?? undefined)}
        >
          {adminHistoryMessages.loadMore}
        </button>
      )}
    </Modal>
  );
}
