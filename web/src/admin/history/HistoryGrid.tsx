import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { sectionLabels, type AdminHistoryRow } from '@app/contracts';
import { DataGrid } from '../../ui/grid/DataGrid';
import { useNarrow } from './use-narrow';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const shown = (value: string | null) => value ?? '—';
/** A section's name as the dialog shows it (its key for the sections outside the dialog's list). */
export const sectionName = (section: string): string =>
  section in sectionLabels ? sectionLabels[section as keyof typeof sectionLabels] : section;

const wrapped = { wrapText: true, autoHeight: true } as const;

const columns: ColDef<AdminHistoryRow>[] = [
  {
    headerName: 'When',
    field: 'at',
    valueFormatter: (p) => (p.value ? when(String(p.value)) : ''),
    width: 190,
    ...wrapped,
  },
  { headerName: 'Admin', field: 'actor', flex: 1, minWidth: 200, ...wrapped },
  {
    headerName: 'Section',
    field: 'section',
    valueFormatter: (p) => sectionName(String(p.value)),
    width: 170,
    ...wrapped,
  },
  { headerName: 'Item', field: 'item', flex: 1, minWidth: 120, ...wrapped },
  { headerName: 'Field', field: 'field', width: 150, ...wrapped },
  {
    headerName: 'From',
    field: 'from',
    valueFormatter: (p) => shown(p.value as string | null),
    flex: 1,
    minWidth: 120,
    ...wrapped,
  },
  {
    headerName: 'To',
    field: 'to',
    valueFormatter: (p) => shown(p.value as string | null),
    flex: 1,
    minWidth: 120,
    ...wrapped,
  },
];

/** A phone's one column: what changed, from → to, then who and when. */
function ChangeCell({ data }: ICellRendererParams<AdminHistoryRow>) {
  if (!data) return null;
  const what = [sectionName(data.section), data.item, data.field].filter(Boolean).join(' · ');
  return (
    <div className="history-change">
      <span className="history-what">{what}</span>
      <span>
        {shown(data.from)} → {shown(data.to)}
      </span>
      <span className="history-who">
        {data.actor}, {when(data.at)}
      </span>
    </div>
  );
}

const narrowColumns: ColDef<AdminHistoryRow>[] = [
  { headerName: 'Change', field: 'id', cellRenderer: ChangeCell, flex: 1, ...wrapped },
];

const rowId = (row: AdminHistoryRow) => row.id;

/** The history's rows, newest first: every column on a desktop, one per change on a phone. */
export function HistoryGrid({ rows }: { rows: AdminHistoryRow[] }) {
  const narrow = useNarrow();
  return (
    <DataGrid
      key={narrow ? 'narrow' : 'wide'}
      rows={rows}
      columns={narrow ? narrowColumns : columns}
      rowId={rowId}
      className="history-grid"
    />
  );
}
