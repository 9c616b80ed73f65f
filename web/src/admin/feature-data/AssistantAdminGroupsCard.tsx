import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { assistantGroupMessages, type AssistantDefinition, type AssistantGroupView } from '@app/contracts';
import {
  addGroupAssistants,
  createAmplifyAssistantsGroup,
  fetchAssistantGroups,
  replaceGroupKey,
  updateGroupSettings,
} from '../../api/assistant-groups';
import { listAssistants } from '../../api/assistants';
import { sections } from '../../state/sections';
import { pushToastAtom } from '../../state/toasts';
import { AmplifyGroupCreator } from './AmplifyGroupCreator';
import { AssistantGroupsTable } from './AssistantGroupsTable';
import { amplifyGroupExists, copyableAssistants, copyPayloadOf, createRequestOf } from './assistant-groups';
import { GroupAssistantCopier } from './GroupAssistantCopier';
import { whileMounted } from '../../ui/while-mounted';

/**
 * Assistant Admin Groups (Feature Data tab): create the Amplify Assistants group from
 * built-in assistants once (a green dot afterwards), add a copy of an assistant to a group, and the
 * groups' table with its toggles and Replace API key; the toasts of `assistantGroupMessages`.
 */
export function AssistantAdminGroupsCard() {
  const toast = useSetAtom(pushToastAtom);
  const admins = useAtomValue(sections.admins.value);
  const amplifyGroupNames = Object.keys(useAtomValue(sections.amplifyGroups.value));
  const [groups, setGroups] = useState<AssistantGroupView[]>([]);
  const [assistants, setAssistants] = useState<AssistantDefinition[]>([]);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const refresh = useCallback(async (waitFor?: string) => setGroups(await fetchAssistantGroups(waitFor)), []);
  useEffect(() => {
    const stops = [
      whileMounted(fetchAssistantGroups(), setGroups, () =>
        toast({ tone: 'error', message: assistantGroupMessages.listFailed }),
      ),
      whileMounted(listAssistants(), (a) => setAssistants(copyableAssistants(a))),
    ];
    return () => stops.forEach((stop) => stop());
  }, [toast]);

  const withBusy = async (id: string, work: () => Promise<void>) => {
    setBusy((b) => new Set(b).add(id));
    try {
      await work();
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(id);
        return next;
      });
    }
  };

  const onCreate = async (selected: ReadonlySet<string>): Promise<string | null> => {
    const request = createRequestOf(selected, admins);
    if ('error' in request) return request.error;
    await withBusy('create', async () => {
      try {
        await refresh(await createAmplifyAssistantsGroup(request));
        toast({ tone: 'success', message: assistantGroupMessages.created });
      } catch {
        toast({ tone: 'error', message: assistantGroupMessages.createFailed });
      }
    });
    return null;
  };

  const onAdd = (groupId: string, assistant: AssistantDefinition) =>
    void withBusy('add', async () => {
      try {
        const position = await addGroupAssistants({
          group_id: groupId,
          update_type: 'ADD',
          assistants: [{ groupId, data: copyPayloadOf(assistant) }],
        });
        await refresh(position);
        toast({ tone: 'success', message: assistantGroupMessages.assistantAdded });
      } catch {
        toast({ tone: 'error', message: assistantGroupMessages.addFailed });
      }
    });

  const onReplaceKey = (g: AssistantGroupView) =>
    void withBusy(g.group_id, async () => {
      try {
        await refresh(await replaceGroupKey(g.group_id));
        toast({ tone: 'success', message: assistantGroupMessages.keyReplaced });
      } catch {
        toast({ tone: 'error', message: assistantGroupMessages.keyReplaceFailed });
      }
    });

  const onChange = (
    g: AssistantGroupView,
    change: { isPublic?: boolean; supportConvAnalysis?: boolean; amplifyGroups?: string[] },
  ) =>
    void withBusy(g.group_id, async () => {
      try {
        await refresh(await updateGroupSettings({ group_id: g.group_id, ...change }));
      } catch {
        toast({ tone: 'error', message: assistantGroupMessages.updateFailed });
      }
    });

  return (
    <section className="card" aria-label="Assistant Admin Groups">
      <h3 className="card-title">Assistant Admin Groups</h3>
      <AmplifyGroupCreator
        exists={amplifyGroupExists(groups)}
        busy={busy.has('create')}
        onCreate={onCreate}
      />
      <GroupAssistantCopier groups={groups} assistants={assistants} busy={busy.has('add')} onAdd={onAdd} />
      <AssistantGroupsTable
        groups={groups}
        amplifyGroupNames={amplifyGroupNames}
        busy={busy}
        onChange={onChange}
        onReplaceKey={onReplaceKey}
      />
    </section>
  );
}
