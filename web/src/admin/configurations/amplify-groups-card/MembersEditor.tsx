import { useState } from 'react';
import { useSetAtom } from 'jotai';
import type { AmplifyGroup } from '@app/contracts';
import { sections } from '../../../state/sections';
import { EntryPicker } from '../../../ui/entry-picker/EntryPicker';
import { parseEmailEntries } from '../../../ui/entry-picker/entries';
import { FormActions } from '../../../ui/DialogActions';
import { Modal } from '../../../ui/Modal';
import { setMembers } from './group-edits';

export interface MembersEditorProps {
  group: AmplifyGroup;
  onClose: () => void;
}

/** A group's member emails: add through the email picker, remove one by one; Apply puts them in the draft. */
export function MembersEditor({ group, onClose }: MembersEditorProps) {
  const edit = useSetAtom(sections.amplifyGroups.edit);
  const [list, setList] = useState<string[]>(() => [...group.members]);
  const title = `Members: ${group.groupName}`;

  const apply = () => {
    edit((groups) => setMembers(groups, group.groupName, list));
    onClose();
  };

  return (
    <Modal label={title} onDismiss={onClose} className="group-editor">
      <h2 className="modal-title">{title}</h2>
      <p className="muted">Members of included groups count too; they are listed with those groups.</p>
      <EntryPicker
        label="Add members"
        placeholder="name@example.com"
        hint="Separate several emails with commas, semicolons or new lines; press Enter to add."
        existing={list}
        parse={parseEmailEntries}
        onAdd={(emails) => setList((prev) => [...prev, ...emails])}
      />
      {list.length === 0 ? (
        <p className="empty group-editor-list">No members</p>
      ) : (
        <ul className="email-list group-editor-list" aria-label={`Members of ${group.groupName}`}>
          {[...list].sort().map((email) => (
            <li key={email} className="email-row">
              <span className="email-text">{email}</span>
              <button
                type="button"
                className="btn btn-icon btn-small"
                aria-label={`Remove ${email}`}
                onClick={() => setList((prev) => prev.filter((x) => x !== email))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormActions submit="Apply" onCancel={onClose} onSubmit={apply} />
    </Modal>
  );
}
