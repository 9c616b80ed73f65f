import { useCallback } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GetRowIdParams } from 'ag-grid-community';
import { gridTheme } from './grid-setup';

export interface DataGridProps<Row> {
  /** The rows to show (already searched and filtered); the caller says when there are none. */
  rows: Row[];
  columns: ColDef<Row>[];
  /** A row's stable id (a module-level function: the grid reads it once), so an edit redraws that row only. */
  rowId: (row: Row) => string;
  /** The wrapper's class, for the table's own styles. */
  className: string;
  /** Draw every column at once, not only those scrolled into view (a wide table). */
  allColumns?: boolean;
}

const defaultColDef: ColDef = {
  sortable: false,
  resizable: true,
  suppressMovable: true,
  wrapHeaderText: true,
  autoHeaderHeight: true,
};

/**
 * The app's AG Grid table: the rows' order is the caller's (no sorting by header), columns keep their
 * place and can be resized, headers wrap, the table grows with its rows, and cells hold their own
 * controls (no cell focus).
 */
export function DataGrid<Row>({ rows, columns, rowId, className, allColumns = false }: DataGridProps<Row>) {
  const getRowId = useCallback(({ data }: GetRowIdParams<Row>) => rowId(data), [rowId]);
  return (
    <div className={`grid-wrap ${className}`}>
      <AgGridReact<Row>
        theme={gridTheme}
        rowData={rows}
        columnDefs={columns}
        defaultColDef={defaultColDef}
        getRowId={getRowId}
        domLayout="autoHeight"
        suppressColumnVirtualisation={allColumns}
        suppressCellFocus
        animateRows={false}
      />
    </div>
  );
}
