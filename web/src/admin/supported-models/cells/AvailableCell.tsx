import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { toggleAvailableAtom } from '../model-actions';
import type { ModelRow } from '../model-edits';

/** Available or not, toggled by a click; N/A for an embedding model. */
export function AvailableCell({ data }: CustomCellRendererProps<ModelRow>) {
  const toggle = useSetAtom(toggleAvailableAtom);
  if (!data) return null;
  if (data.isEmbedding) return <span className="model-flag model-flag-na">N/A</span>;
  return (
    <div className="cell-center">
      <button
        type="button"
        className={`status-toggle ${data.isAvailable ? 'is-on' : 'is-off'}`}
        aria-pressed={data.isAvailable}
        aria-label={`${data.name} available`}
        title={
          data.isAvailable ? `Click to make ${data.name} unavailable` : `Click to make ${data.name} available`
        }
        onClick={() => toggle(data.id)}
      >
        <span className="status-dot" aria-hidden="true" />
        {data.isAvailable ? 'Yes' : 'No'}
      </button>
    </div>
  );
}
