import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { groupToDeleteAtom } from '../editor-atoms';
import type { GroupRow } from '../group-edits';

/** The group's name, its marks (Unsaved, System) and its deletion (not for a system group). */
export function GroupNameCell({ data }: CustomCellRendererProps<GroupRow>) {
  const askDelete = useSetAtom(groupToDeleteAtom);
  if (!data) return null;
  return (
    <div className="cell-group-name">
      <div className="cell-stack">
        <span className="group-name" title={data.groupName}>
          {data.groupName}
        </span>
        {(data.isNew || data.isSystem) && (
          <span className="cell-badges">
            {data.isNew && <span className="badge badge-new">Unsaved</span>}
            {data.isSystem && (
              <span
                className="badge"
                title="A system group: its members, included groups and deletion are fixed."
              >
                System
              </span>
            )}
          </span>
        )}
      </div>
      {!data.isSystem && (
        <button
          type="button"
          className="btn btn-icon btn-small cell-remove"
          aria-label={`Delete ${data.groupName}`}
          title="Delete group"
          onClick={() => askDelete(data.groupName)}
        >
          ×
        </button>
      )}
    </div>
  );
}
