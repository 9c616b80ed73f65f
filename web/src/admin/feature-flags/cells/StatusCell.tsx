import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { sections } from '../../../state/sections';
import { toggleFlag, type FlagRow } from '../flag-edits';
import { StatusToggle } from '../../../ui/grid/StatusToggle';

/** Enabled or Disabled; a click toggles it. */
export function StatusCell({ data }: CustomCellRendererProps<FlagRow>) {
  const edit = useSetAtom(sections.featureFlags.edit);
  if (!data) return null;
  return (
    <StatusToggle
      on={data.enabled}
      text={data.enabled ? 'Enabled' : 'Disabled'}
      title={data.enabled ? `Click to disable ${data.name}` : `Click to enable ${data.name}`}
      onToggle={() => edit((flags) => toggleFlag(flags, data.name))}
    />
  );
}
