import { useAtomValue, useSetAtom } from 'jotai';
import { limits } from '@app/contracts';
import { sections } from '../../../state/sections';
import { sessionAtom } from '../../../state/session';
import { InlineAddForm } from '../../../ui/inline-add-form/InlineAddForm';
import { addGroup, checkNewGroup } from './group-edits';

/** Create a group: the name is required and unique (the contracts' messages, at once). */
export function CreateGroupForm() {
  const groups = useAtomValue(sections.amplifyGroups.value);
  const session = useAtomValue(sessionAtom);
  const edit = useSetAtom(sections.amplifyGroups.edit);
  return (
    <InlineAddForm
      className="create-group"
      name={{ label: 'Group name', maxLength: limits.nameLength, placeholder: 'e.g. Research Team' }}
      submitLabel="Create Group"
      primary
      check={(name) => checkNewGroup(name, groups)}
      onAdd={(name) => edit((current) => addGroup(current, name, session?.email ?? ''))}
    />
  );
}
