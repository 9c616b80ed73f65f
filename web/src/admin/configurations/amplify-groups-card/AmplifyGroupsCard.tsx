import { lazy, Suspense, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { adminMessages } from '@app/contracts';
import { sections } from '../../../state/sections';
import { ConfigCard } from '../config-card/ConfigCard';
import { CreateGroupForm } from './CreateGroupForm';
import { groupEditorAtom, groupToDeleteAtom } from './editor-atoms';
import { GroupDialogs } from './GroupDialogs';
import { groupRows } from './group-edits';
import './amplify-groups.css';
import { SearchField } from '../../../ui/SearchField';
import { useCloseOnLeave } from '../../shell/use-close-on-leave';

// The table (and AG Grid with it) loads with the first groups shown.
const AmplifyGroupsGrid = lazy(() => import('./AmplifyGroupsGrid'));

const countText = (n: number) => (n === 1 ? '1 group' : `${n} groups`);

/** Amplify Groups: create, search, and the table with inline edits and deletion. */
export function AmplifyGroupsCard() {
  const groups = useAtomValue(sections.amplifyGroups.value);
  const { server } = useAtomValue(sections.amplifyGroups.state);
  const closeEditor = useSetAtom(groupEditorAtom);
  const closeConfirm = useSetAtom(groupToDeleteAtom);
  const [search, setSearch] = useState('');
  const rows = groupRows(groups, search, server);
  const total = Object.keys(groups).length;

  useCloseOnLeave(closeEditor, closeConfirm);

  return (
    <ConfigCard section="amplifyGroups" wide aside={<span className="muted">{countText(total)}</span>}>
      <CreateGroupForm />
      <div className="toolbar">
        <SearchField
          label="Search groups"
          placeholder="Search groups or members"
          value={search}
          onChange={setSearch}
        />
      </div>
      {total === 0 ? (
        <p className="empty">{adminMessages.noAmplifyGroups}</p>
      ) : rows.length === 0 ? (
        <p className="empty">No Amplify Groups match your search.</p>
      ) : (
        <Suspense
          fallback={
            <p role="status" className="muted">
              Loading…
            </p>
          }
        >
          <AmplifyGroupsGrid rows={rows} />
        </Suspense>
      )}
      <GroupDialogs />
    </ConfigCard>
  );
}
