import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { exceptionsEditorAtom } from '../editor-atom';
import { exceptionsOf, type ExceptionKind, type FlagRow } from '../flag-edits';

export type ExceptionsCellProps = CustomCellRendererProps<FlagRow> & { kind: ExceptionKind };

export const exceptionsTitle = (kind: ExceptionKind): string =>
  kind === 'users' ? 'User Exceptions' : 'User Exceptions by Amplify Group Membership';

/** The exceptions as chips, and Edit to change them. */
export function ExceptionsCell({ data, kind }: ExceptionsCellProps) {
  const openEditor = useSetAtom(exceptionsEditorAtom);
  if (!data) return null;
  const list = exceptionsOf(data, kind);
  const what = kind === 'users' ? 'user exceptions' : 'group exceptions';
  return (
    <div className="cell-exceptions">
      {list.length === 0 ? (
        <span className="muted">None</span>
      ) : (
        <ul className="chips" aria-label={`${exceptionsTitle(kind)} of ${data.name}`}>
          {list.map((item) => (
            <li key={item} className="chip">
              {item}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn-small btn-ghost cell-edit"
        aria-label={`Edit ${what} of ${data.name}`}
        onClick={() => openEditor({ name: data.name, kind })}
      >
        Edit
      </button>
    </div>
  );
}
