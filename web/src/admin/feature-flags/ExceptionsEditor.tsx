import { useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { sections } from '../../state/sections';
import { EntryPicker } from '../../ui/entry-picker/EntryPicker';
import { parseEmailEntries, parseNameEntries } from '../../ui/entry-picker/entries';
import { Modal } from '../../ui/Modal';
import { exceptionsTitle } from './cells/ExceptionsCell';
import { exceptionsEditorAtom } from './editor-atom';
import { exceptionsOf, setExceptions, type ExceptionKind } from './flag-edits';
import { RowAction } from '../../ui/table/RowAction';

const meaning = (kind: ExceptionKind, enabled: boolean): string =>
  kind === 'users'
    ? enabled
      ? 'The flag is enabled: these users do not get the feature.'
      : 'The flag is disabled: these users still get the feature.'
    : enabled
      ? 'Group exceptions apply while the flag is disabled: their members keep the feature.'
      : 'The flag is disabled: members of these Amplify groups still get the feature.';

function EditorDialog({ name, kind, onClose }: { name: string; kind: ExceptionKind; onClose: () => void }) {
  const flags = useAtomValue(sections.featureFlags.value);
  const edit = useSetAtom(sections.featureFlags.edit);
  const flag = flags[name];
  const [list, setList] = useState<string[]>(() => (flag ? exceptionsOf(flag, kind) : []));
  const title = `${exceptionsTitle(kind)}: ${name}`;

  const apply = () => {
    edit((current) => setExceptions(current, name, kind, list));
    onClose();
  };

  return (
    <Modal label={title} onDismiss={onClose} className="exceptions-editor">
      <h2 className="modal-title">{title}</h2>
      {!flag ? (
        <p className="muted">This feature flag no longer exists.</p>
      ) : (
        <>
          <p className="muted">{meaning(kind, flag.enabled)}</p>
          <EntryPicker
            label={kind === 'users' ? 'Add user emails' : 'Add Amplify group names'}
            placeholder={kind === 'users' ? 'name@example.com' : 'Group name'}
            hint="Separate several with commas, semicolons or new lines; press Enter to add."
            existing={list}
            parse={kind === 'users' ? parseEmailEntries : parseNameEntries}
            onAdd={(entries) => setList((prev) => [...prev, ...entries])}
          />
          {list.length === 0 ? (
            <p className="empty">No exceptions</p>
          ) : (
            <ul className="email-list" aria-label={exceptionsTitle(kind)}>
              {list.map((item) => (
                <li key={item} className="email-row">
                  <span className="email-text">{item}</span>
                  <RowAction
                    action="Remove"
                    name={item}
                    className="btn btn-icon btn-small"
                    onClick={() => setList((prev) => prev.filter((x) => x !== item))}
                  >
                    ×
                  </RowAction>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        {flag && (
          <button type="button" className="btn btn-primary" onClick={apply}>
            Apply
          </button>
        )}
      </div>
    </Modal>
  );
}

/** The dialog that edits one flag's user or group exceptions (applied to the draft on Apply). */
export function ExceptionsEditor() {
  const [target, setTarget] = useAtom(exceptionsEditorAtom);
  if (!target) return null;
  return (
    <EditorDialog
      key={`${target.kind}:${target.name}`}
      name={target.name}
      kind={target.kind}
      onClose={() => setTarget(null)}
    />
  );
}
