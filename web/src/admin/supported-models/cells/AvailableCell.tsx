import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { toggleAvailableAtom } from '../model-actions';
import type { ModelRow } from '../model-edits';
import { StatusToggle } from '../../../ui/grid/StatusToggle';

/** Available or not, toggled by a click; N/A for an embedding model. */
export function AvailableCell({ data }: CustomCellRendererProps<ModelRow>) {
  const toggle = useSetAtom(toggleAvailableAtom);
  if (!data) return null;
  if (data.isEmbedding) return <span className="model-flag model-flag-na">N/A</span>;
  return (
    <StatusToggle
      on={data.isAvailable}
      text={data.isAvailable ? 'Yes' : 'No'}
      label={`${data.name} available`}
      title={
        data.isAvailable ? `Click to make ${data.name} unavailable` : `Click to make ${data.name} available`
      }
      onToggle={() => toggle(data.id)}
    />
  );
}
