import { useState } from 'react';
import type { AssistantDefinition, AssistantGroupView } from '@app/contracts';
import { FormField } from '../../ui/FormField';

export interface GroupAssistantCopierProps {
  groups: readonly AssistantGroupView[];
  assistants: readonly AssistantDefinition[];
  busy: boolean;
  onAdd: (groupId: string, assistant: AssistantDefinition) => void;
}

/** Add a copy of one of the admin's assistants to a group. */
export function GroupAssistantCopier({ groups, assistants, busy, onAdd }: GroupAssistantCopierProps) {
  const [groupId, setGroupId] = useState('');
  const [assistantId, setAssistantId] = useState('');
  const group = groupId || groups[0]?.group_id || '';
  const chosen = assistants.find((a) => a.assistantId === assistantId);
  if (groups.length === 0) return null;
  return (
    <div className="group-assistant-copier">
      <FormField label="Group">
        {(field) => (
          <select {...field} className="input" value={group} onChange={(e) => setGroupId(e.target.value)}>
            {groups.map((g) => (
              <option key={g.group_id} value={g.group_id}>
                {g.groupName}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Assistant to copy">
        {(field) => (
          <select
            {...field}
            className="input"
            value={assistantId}
            onChange={(e) => setAssistantId(e.target.value)}
          >
            <option value="">
              {assistants.length === 0 ? 'No assistants of yours to copy' : 'Choose an assistant'}
            </option>
            {assistants.map((a) => (
              <option key={a.assistantId} value={a.assistantId}>
                {a.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <button
        type="button"
        className="btn"
        disabled={busy || !chosen || group === ''}
        onClick={() => chosen && onAdd(group, chosen)}
      >
        Add a copy of the assistant
      </button>
    </div>
  );
}
