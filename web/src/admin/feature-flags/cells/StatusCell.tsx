import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { sections } from '../../../state/sections';
import { toggleFlag, type FlagRow } from '../flag-edits';

/** Enabled or Disabled; a click toggles it. */
export function StatusCell({ data }: CustomCellRendererProps<FlagRow>) {
  const edit = useSetAtom(sections.featureFlags.edit);
  if (!data) return null;
  return (
    <div className="cell-center">
      <button
        type="button"
        className={`status-toggle ${data.enabled ? 'is-on' : 'is-off'}`}
        aria-pressed={data.enabled}
        title={data.enabled ? `Click to disable ${data.name}` : `Click to enable ${data.name}`}
        onClick={() => edit((flags) => toggleFlag(flags, data.name))}
      >
        <span className="status-dot" aria-hidden="true" />
        {data.enabled ? 'Enabled' : 'Disabled'}
      </button>
    </div>
  );
}
