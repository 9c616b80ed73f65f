import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { modelFormAtom, pendingDeleteAtom } from '../model-actions';
import type { ModelRow } from '../model-edits';
import { modelText } from '../text';
import { RowAction } from '../../../ui/table/RowAction';

/** Edit and Delete: they appear while the row is hovered (or a button has the focus). */
export function ActionsCell({ data }: CustomCellRendererProps<ModelRow>) {
  const openForm = useSetAtom(modelFormAtom);
  const askDelete = useSetAtom(pendingDeleteAtom);
  if (!data) return null;
  return (
    <div className="model-row-actions">
      <RowAction
        action="Edit"
        name={data.name}
        className="btn btn-small btn-ghost"
        title="Edit model"
        onClick={() => openForm({ mode: 'editing', id: data.id })}
      />
      <RowAction
        action="Delete"
        name={data.name}
        className="btn btn-small btn-ghost btn-danger-ghost"
        title={data.isBuiltIn ? modelText.builtInNoDelete : 'Delete model'}
        disabled={data.isBuiltIn}
        onClick={() => askDelete(data.id)}
      />
    </div>
  );
}
