import type { ColDef } from 'ag-grid-community';
import { DataGrid } from '../../ui/grid/DataGrid';
import { historyColumn, savedItem } from '../history/history-column';
import { ExceptionsCell, exceptionsTitle } from './cells/ExceptionsCell';
import { FeatureCell } from './cells/FeatureCell';
import { StatusCell } from './cells/StatusCell';
import type { FlagRow } from './flag-edits';

const columnDefs: ColDef<FlagRow>[] = [
  { headerName: 'Feature', field: 'name', cellRenderer: FeatureCell, flex: 1.1, minWidth: 220 },
  historyColumn<FlagRow>(
    'featureFlags',
    savedItem((row) => row.name),
  ),
  { headerName: 'Status', field: 'enabled', cellRenderer: StatusCell, width: 140, minWidth: 130 },
  {
    headerName: exceptionsTitle('users'),
    field: 'userExceptions',
    cellRenderer: ExceptionsCell,
    cellRendererParams: { kind: 'users' },
    flex: 1.5,
    minWidth: 240,
    autoHeight: true,
  },
  {
    headerName: exceptionsTitle('groups'),
    field: 'amplifyGroupExceptions',
    cellRenderer: ExceptionsCell,
    cellRendererParams: { kind: 'groups' },
    flex: 1.5,
    minWidth: 240,
    autoHeight: true,
  },
];

const rowId = (row: FlagRow) => row.name;

/** The feature flags table: Feature, Status, User Exceptions, and by Amplify Group Membership. */
export function FeatureFlagsGrid({ rows }: { rows: FlagRow[] }) {
  return <DataGrid rows={rows} columns={columnDefs} rowId={rowId} className="flags-grid" />;
}
