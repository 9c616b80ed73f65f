import type { CustomCellRendererProps } from 'ag-grid-react';
import type { SectionType } from '@app/contracts';
import { HistoryButton } from './HistoryButton';
import './history-cell.css';

export interface HistoryCellParams<Row> {
  section: SectionType;
  /** The row's item as the history names it, null for a row not saved yet (it has no history). */
  itemOf: (row: Row) => string | null;
}

/** A table row's History button: the History view filtered to the row's section and item. */
export function HistoryCell<Row>({
  data,
  section,
  itemOf,
}: CustomCellRendererProps<Row> & HistoryCellParams<Row>) {
  const item = data ? itemOf(data) : null;
  return item ? <HistoryButton section={section} item={item} /> : null;
}
