import { useMemo } from 'react';
import { CellStyleModule, ModuleRegistry } from 'ag-grid-community';
import type { UsageRow } from '@app/contracts';
import { DataGrid } from '../grid/DataGrid';
import { usageColumns, type TableGrouping } from './usage-columns';

// The figures' cells and headers take a class (right-aligned): AG Grid's cell style module.
ModuleRegistry.registerModules([CellStyleModule]);

const rowId = (row: UsageRow): string => row.key;

/** The report's rows by user, group, model, account or API key (it scrolls inside its box). */
export function UsageTable({ rows, by }: { rows: UsageRow[]; by: TableGrouping }) {
  const withRatings = rows.some((r) => r.ratings !== undefined);
  const columns = useMemo(() => usageColumns(by, withRatings), [by, withRatings]);
  return <DataGrid rows={rows} columns={columns} rowId={rowId} className="usage-grid" allColumns />;
}
