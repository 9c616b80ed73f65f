import type { ColDef } from 'ag-grid-community';
import { DataGrid } from '../../../ui/grid/DataGrid';
import { historyColumn, savedItem } from '../../history/history-column';
import { BillingCell } from './cells/BillingCell';
import { CreatedByCell } from './cells/CreatedByCell';
import { GroupNameCell } from './cells/GroupNameCell';
import { InclusionsCell } from './cells/InclusionsCell';
import { MembersCell } from './cells/MembersCell';
import { RateLimitCell } from './cells/RateLimitCell';
import type { GroupRow } from './group-edits';

/** Keys typed in a cell's own fields are theirs, not the grid's navigation. */
const ownKeys = () => true;

const columnDefs: ColDef<GroupRow>[] = [
  {
    headerName: 'Group Name',
    field: 'groupName',
    cellRenderer: GroupNameCell,
    width: 220,
    minWidth: 180,
    autoHeight: true,
  },
  historyColumn<GroupRow>(
    'amplifyGroups',
    savedItem((row) => row.groupName),
  ),
  {
    headerName: 'Members',
    field: 'members',
    cellRenderer: MembersCell,
    flex: 1.4,
    minWidth: 220,
    autoHeight: true,
  },
  {
    headerName: 'Membership by Amplify Groups',
    field: 'includeFromOtherGroups',
    cellRenderer: InclusionsCell,
    flex: 1.1,
    minWidth: 190,
    autoHeight: true,
  },
  {
    headerName: 'Billing Group',
    field: 'isBillingGroup',
    cellRenderer: BillingCell,
    width: 110,
    minWidth: 100,
    suppressKeyboardEvent: ownKeys,
  },
  {
    headerName: 'Rate Limit',
    field: 'rateLimit',
    cellRenderer: RateLimitCell,
    width: 330,
    minWidth: 320,
    suppressKeyboardEvent: ownKeys,
  },
  { headerName: 'Created By', field: 'createdBy', cellRenderer: CreatedByCell, flex: 1, minWidth: 200 },
];

const rowId = (row: GroupRow) => row.groupName;

/** The Amplify groups table with its inline edits. */
export default function AmplifyGroupsGrid({ rows }: { rows: GroupRow[] }) {
  return <DataGrid rows={rows} columns={columnDefs} rowId={rowId} className="amplify-groups-grid" />;
}
