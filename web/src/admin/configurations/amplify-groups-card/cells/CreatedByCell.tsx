import type { CustomCellRendererProps } from 'ag-grid-react';
import type { GroupRow } from '../group-edits';

/** Who created the group (the server records the signed-in admin). */
export function CreatedByCell({ data }: CustomCellRendererProps<GroupRow>) {
  if (!data) return null;
  return (
    <div className="cell-created-by" title={data.createdBy}>
      <span className="cell-text">{data.createdBy}</span>
    </div>
  );
}
