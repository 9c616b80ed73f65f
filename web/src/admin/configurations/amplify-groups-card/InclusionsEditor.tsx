import { useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { membersOf, type AmplifyGroup } from '@app/contracts';
import { sections } from '../../../state/sections';
import { CheckField } from '../../../ui/CheckField';
import { FormActions } from '../../../ui/DialogActions';
import { Modal } from '../../../ui/Modal';
import { inclusionOptions, inclusionRefusal, setInclusions } from './group-edits';

export interface InclusionsEditorProps {
  group: AmplifyGroup;
  onClose: () => void;
}

const count = (n: number) => (n === 1 ? '1 member' : `${n} members`);

/**
 * The groups whose members this group takes in, chosen among the existing groups; a choice that
 * would make the groups include each other in a cycle is refused with the message naming it.
 */
export function InclusionsEditor({ group, onClose }: InclusionsEditorProps) {
  const groups = useAtomValue(sections.amplifyGroups.value);
  const edit = useSetAtom(sections.amplifyGroups.edit);
  const [list, setList] = useState<string[]>(() => [...(group.includeFromOtherGroups ?? [])]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const listId = useId();
  const name = group.groupName;
  const title = `Membership by Amplify Groups: ${name}`;
  const options = inclusionOptions(groups, name);

  const toggle = (option: string, on: boolean) => {
    if (!on) {
      setList((prev) => prev.filter((g) => g !== option));
      setRefusal(null);
      return;
    }
    const refused = inclusionRefusal(groups, name, list, option);
    setRefusal(refused);
    if (!refused) setList((prev) => [...prev, option]);
  };

  const apply = () => {
    edit((current) => setInclusions(current, name, list));
    onClose();
  };

  return (
    <Modal label={title} onDismiss={onClose} className="group-editor">
      <h2 className="modal-title">{title}</h2>
      <p className="muted" id={listId}>
        Members of the groups chosen here are members of {name} too.
      </p>
      {options.length === 0 ? (
        <p className="empty">There are no other groups to include.</p>
      ) : (
        <ul className="email-list group-editor-list" aria-labelledby={listId}>
          {options.map((option) => (
            <li key={option} className="email-row">
              <CheckField
                className="checkbox email-row-label"
                label={<span className="email-text">{option}</span>}
                checked={list.includes(option)}
                onChange={(checked) => toggle(option, checked)}
              />
              <span className="muted cell-note">{count(membersOf(groups, option).length)}</span>
            </li>
          ))}
        </ul>
      )}
      {refusal && (
        <p role="alert" className="form-error">
          {refusal}
        </p>
      )}
      <FormActions submit="Apply" onCancel={onClose} onSubmit={apply} />
    </Modal>
  );
}
