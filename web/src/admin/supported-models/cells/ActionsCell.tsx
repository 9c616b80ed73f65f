import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { modelFormAtom, pendingDeleteAtom } from '../model-actions';
import type { ModelRow } from '../model-edits';
import { modelText } from '../text';

/** Edit and Delete: they appear while the row is hovered (or a button has the focus). */
export function ActionsCell({ data }: CustomCellRendererProps<ModelRow>) {
  const openForm = useSetAtom(modelFormAtom);
  const askDelete = useSetAtom(pendingDeleteAtom);
  if (!data) return null;
  return (
    <div className="model-row-actions">
      <button
        type="button"
        className="btn btn-small btn-ghost"
        aria-label={`Edit ${data.name}`}
        title="Edit model"
        onClick={() => openForm({ mode: 'editing', id: data.id })}
      >
        Edit
      </button>
      <button
        type="button"
        className="btn btn-small btn-ghost btn-danger-ghost"
        aria-label={`Delete ${data.name}`}
        title={data.isBuiltIn ? modelText.builtInNoDelete : 'Delete model'}
        disabled={data.isBuiltIn}
        onClick={() => askDelete(data.id)}
      >
        Delete
      </button>
    </div>
  );
}
