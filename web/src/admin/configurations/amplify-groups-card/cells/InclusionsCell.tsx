import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { groupEditorAtom } from '../editor-atoms';
import type { GroupRow } from '../group-edits';
import { ChipsList } from './ChipsList';

const inAll = (n: number) => (n === 1 ? '1 member in all' : `${n} members in all`);

/** The groups whose members this group takes in, and its members in all; Edit opens the editor. */
export function InclusionsCell({ data }: CustomCellRendererProps<GroupRow>) {
  const openEditor = useSetAtom(groupEditorAtom);
  if (!data) return null;
  const included = [...(data.includeFromOtherGroups ?? [])].sort((a, b) => a.localeCompare(b));
  return (
    <div className="cell-list">
      <div className="cell-stack">
        <ChipsList label={`Groups included in ${data.groupName}`} items={included} empty="None" />
        {included.length > 0 && <span className="muted cell-note">{inAll(data.memberCount)}</span>}
      </div>
      {!data.isSystem && (
        <button
          type="button"
          className="btn btn-small btn-ghost cell-edit"
          aria-label={`Edit groups included in ${data.groupName}`}
          onClick={() => openEditor({ name: data.groupName, kind: 'inclusions' })}
        >
          Edit
        </button>
      )}
    </div>
  );
}
