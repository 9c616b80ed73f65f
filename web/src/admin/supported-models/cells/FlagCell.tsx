import type { CustomCellRendererProps } from 'ag-grid-react';
import { flagText, type ModelFlagField } from '../cell-values';
import type { ModelRow } from '../model-edits';

export type FlagCellProps = CustomCellRendererProps<ModelRow> & { flag: ModelFlagField };

/** Yes, No, or N/A for what an embedding model does not have. */
export function FlagCell({ data, flag }: FlagCellProps) {
  if (!data) return null;
  const text = flagText(data, flag);
  return (
    <span className={`model-flag model-flag-${text === 'N/A' ? 'na' : text.toLowerCase()}`}>{text}</span>
  );
}
