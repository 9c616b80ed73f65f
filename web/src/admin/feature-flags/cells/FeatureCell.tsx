import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { sections } from '../../../state/sections';
import { removeFlag, type FlagRow } from '../flag-edits';
import { RowAction } from '../../../ui/table/RowAction';

/** The flag's name, an "Unsaved" mark for new ones, and its removal. */
export function FeatureCell({ data }: CustomCellRendererProps<FlagRow>) {
  const edit = useSetAtom(sections.featureFlags.edit);
  if (!data) return null;
  return (
    <div className="cell-feature">
      <span className="flag-name">{data.name}</span>
      {data.isNew && <span className="badge badge-new">Unsaved</span>}
      <RowAction
        action="Remove"
        name={data.name}
        className="btn btn-icon btn-small cell-remove"
        title="Remove feature flag"
        onClick={() => edit((flags) => removeFlag(flags, data.name))}
      >
        ×
      </RowAction>
    </div>
  );
}
