import type { CustomCellRendererProps } from 'ag-grid-react';
import type { ModelRow } from '../model-edits';
import { modelText } from '../text';

/** The Amplify groups the model is limited to; none means all users. */
export function GroupsCell({ data }: CustomCellRendererProps<ModelRow>) {
  if (!data) return null;
  const groups = data.exclusiveGroupAvailability;
  if (groups.length === 0) return <span className="muted">{modelText.allUsers}</span>;
  return (
    <ul className="chips model-groups" aria-label={`Amplify groups of ${data.name}`}>
      {groups.map((group) => (
        <li key={group} className="chip">
          {group}
        </li>
      ))}
    </ul>
  );
}
