import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { isSystemGroup } from '@app/contracts';
import { sections } from '../../../state/sections';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { uiText } from '../../../ui/strings';
import { groupEditorAtom, groupToDeleteAtom } from './editor-atoms';
import { deleteGroup, includedBy } from './group-edits';
import { InclusionsEditor } from './InclusionsEditor';
import { MembersEditor } from './MembersEditor';

/** The open editor of a group's members or inclusions, if any (never for a system group). */
function GroupEditor() {
  const [target, setTarget] = useAtom(groupEditorAtom);
  const groups = useAtomValue(sections.amplifyGroups.value);
  if (!target) return null;
  const group = Object.hasOwn(groups, target.name) ? groups[target.name] : undefined;
  if (!group || isSystemGroup(group)) return null;
  const close = () => setTarget(null);
  const key = `${target.kind}:${target.name}`;
  return target.kind === 'members' ? (
    <MembersEditor key={key} group={group} onClose={close} />
  ) : (
    <InclusionsEditor key={key} group={group} onClose={close} />
  );
}

/** The in-app confirmation of a deletion. */
function DeleteGroupConfirm() {
  const [name, setName] = useAtom(groupToDeleteAtom);
  const groups = useAtomValue(sections.amplifyGroups.value);
  const edit = useSetAtom(sections.amplifyGroups.edit);
  if (name === null || !Object.hasOwn(groups, name)) return null;
  return (
    <ConfirmDialog
      title="Delete Amplify group"
      message={uiText.deleteGroupConfirm(name, includedBy(groups, name))}
      confirmLabel="Delete"
      onCancel={() => setName(null)}
      onConfirm={() => {
        edit((current) => deleteGroup(current, name));
        setName(null);
      }}
    />
  );
}

/** The dialogs the table's rows open. */
export function GroupDialogs() {
  return (
    <>
      <GroupEditor />
      <DeleteGroupConfirm />
    </>
  );
}
