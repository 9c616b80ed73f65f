import type { ColDef } from 'ag-grid-community';
import type { UsageRow } from '@app/contracts';
import { formatUsageCost, formatUsageCount } from './usage-format';

/** What a table groups by, and the heading of its first column. */
export const tableGroupings = [
  ['user', 'User'],
  ['group', 'Amplify group'],
  ['model', 'Model'],
  ['account', 'Account'],
  ['key', 'API key'],
] as const;
export type TableGrouping = (typeof tableGroupings)[number][0];

export const groupingLabel = (by: TableGrouping): string =>
  tableGroupings.find(([id]) => id === by)?.[1] ?? by;

/** A row's name: its readable label when the key is an id, else the key. */
export const rowName = (row: UsageRow): string => row.label ?? row.key;

const count = (headerName: string, value: (r: UsageRow) => number | undefined): ColDef<UsageRow> => ({
  headerName,
  colId: headerName,
  valueGetter: ({ data }) => (data ? value(data) : undefined),
  valueFormatter: ({ value: v }) => (typeof v === 'number' ? formatUsageCount(v) : ''),
  cellClass: 'usage-num',
  headerClass: 'usage-num',
  width: 120,
});

/** The table's columns: the name, the figures, and the answers' ratings when the rows have them. */
export function usageColumns(by: TableGrouping, withRatings: boolean): ColDef<UsageRow>[] {
  return [
    {
      headerName: groupingLabel(by),
      colId: 'name',
      valueGetter: ({ data }) => (data ? rowName(data) : ''),
      flex: 1,
      minWidth: 180,
    },
    count('Requests', (r) => r.requests),
    count('Input tokens', (r) => r.inputTokens),
    count('Output tokens', (r) => r.outputTokens),
    {
      headerName: 'Cost',
      colId: 'cost',
      field: 'cost',
      valueFormatter: ({ value: v }) => (typeof v === 'number' ? formatUsageCost(v) : ''),
      cellClass: 'usage-num',
      headerClass: 'usage-num',
      width: 110,
    },
    ...(withRatings
      ? [count('Rated up', (r) => r.ratings?.up), count('Rated down', (r) => r.ratings?.down)]
      : []),
  ];
}
