import type { ColDef } from 'ag-grid-community';
import { DataGrid } from '../../ui/grid/DataGrid';
import { historyColumn, savedItem } from '../history/history-column';
import { formatCost, formatCount, type ModelFlagField } from './cell-values';
import { ActionsCell } from './cells/ActionsCell';
import { AvailableCell } from './cells/AvailableCell';
import { FlagCell } from './cells/FlagCell';
import { GroupsCell } from './cells/GroupsCell';
import { NameCell } from './cells/NameCell';
import type { ModelRow } from './model-edits';

const flagColumn = (headerName: string, flag: ModelFlagField): ColDef<ModelRow> => ({
  headerName,
  field: flag,
  cellRenderer: FlagCell,
  cellRendererParams: { flag },
  width: 130,
});

const countColumn = (
  headerName: string,
  field: 'inputContextWindow' | 'outputTokenLimit',
): ColDef<ModelRow> => ({
  headerName,
  field,
  valueFormatter: ({ value }) => (typeof value === 'number' ? formatCount(value) : ''),
  width: 130,
});

const costColumn = (
  headerName: string,
  field: 'inputTokenCost' | 'outputTokenCost' | 'cachedTokenCost',
): ColDef<ModelRow> => ({
  headerName,
  field,
  valueFormatter: ({ value }) => (typeof value === 'number' ? formatCost(value) : ''),
  width: 130,
});

const textColumn = (headerName: string, field: 'systemPrompt' | 'description'): ColDef<ModelRow> => ({
  headerName,
  field,
  width: 240,
  wrapText: true,
  autoHeight: true,
});

/**
 * The tab's columns, in order; the row actions last. Name stays on the left and the actions
 * on the right while the wide table scrolls (pinning is part of the grid's core).
 */
const columnDefs: ColDef<ModelRow>[] = [
  { headerName: 'Name', field: 'name', cellRenderer: NameCell, pinned: 'left', width: 300 },
  historyColumn<ModelRow>(
    'supportedModels',
    savedItem((row) => row.id),
  ),
  { headerName: 'ID', field: 'id', width: 200 },
  { headerName: 'Provider', field: 'provider', width: 110 },
  { headerName: 'Available', field: 'isAvailable', cellRenderer: AvailableCell, width: 110 },
  flagColumn('Supports Images', 'supportsImages'),
  flagColumn('Supports Reasoning', 'supportsReasoning'),
  flagColumn('Supports System Prompts', 'supportsSystemPrompts'),
  textColumn('Additional System Prompt', 'systemPrompt'),
  textColumn('Description', 'description'),
  countColumn('Input Context Window', 'inputContextWindow'),
  countColumn('Output Token Limit', 'outputTokenLimit'),
  costColumn('Input Token Cost per 1k', 'inputTokenCost'),
  costColumn('Output Token Cost per 1k', 'outputTokenCost'),
  costColumn('Cached Token Cost per 1k', 'cachedTokenCost'),
  {
    headerName: 'Available to User via Amplify Group Membership',
    field: 'exclusiveGroupAvailability',
    cellRenderer: GroupsCell,
    width: 260,
    autoHeight: true,
  },
  { headerName: '', colId: 'actions', cellRenderer: ActionsCell, pinned: 'right', width: 140 },
];

const rowId = (row: ModelRow) => row.id;

/** The Supported Models table. */
export function ModelsGrid({ rows }: { rows: ModelRow[] }) {
  return <DataGrid rows={rows} columns={columnDefs} rowId={rowId} className="models-grid" allColumns />;
}
