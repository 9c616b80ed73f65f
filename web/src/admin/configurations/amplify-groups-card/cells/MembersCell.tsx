import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { groupEditorAtom } from '../editor-atoms';
import type { GroupRow } from '../group-edits';
import { ChipsList } from './ChipsList';

/** The group's own member emails; Edit opens the members editor (not for a system group). */
export function MembersCell({ data }: CustomCellRendererProps<GroupRow>) {
  const openEditor = useSetAtom(groupEditorAtom);
  if (!data) return null;
  return (
    <div className="cell-list">
      <ChipsList label={`Members of ${data.groupName}`} items={[...data.members].sort()} empty="No members" />
      {!data.isSystem && (
        <button
          type="button"
          className="btn btn-small btn-ghost cell-edit"
          aria-label={`Edit members of ${data.groupName}`}
          onClick={() => openEditor({ name: data.groupName, kind: 'members' })}
        >
          Edit
        </button>
      )}
    </div>
  );
}
