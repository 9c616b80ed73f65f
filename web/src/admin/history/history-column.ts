import type { ColDef } from 'ag-grid-community';
import type { SectionType } from '@app/contracts';
import { HistoryCell, type HistoryCellParams } from './HistoryCell';

/**
 * The column of a table whose rows are items of an admin history section: each row's History button
 * (docs/architecture.md, "Admin history"). `itemOf` names the row's item as the history does (a flag's
 * name, a group's name, a model's id), null for a row not saved yet.
 */
export const historyColumn = <Row>(
  section: SectionType,
  itemOf: (row: Row) => string | null,
): ColDef<Row> => {
  const params: HistoryCellParams<Row> = { section, itemOf };
  return {
    headerName: 'History',
    colId: 'history',
    cellRenderer: HistoryCell,
    cellRendererParams: params,
    width: 96,
    minWidth: 96,
    maxWidth: 96,
    resizable: false,
  };
};

/** A row's item, or null while the row is new (added in the dialog, not saved). */
export const savedItem =
  <Row extends { isNew: boolean }>(name: (row: Row) => string) =>
  (row: Row): string | null =>
    row.isNew ? null : name(row);
