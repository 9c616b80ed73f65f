import { assistantGroupMessages, type AssistantGroupView } from '@app/contracts';
import { TableHead } from '../../ui/table/TableHead';

export interface AssistantGroupsTableProps {
  groups: readonly AssistantGroupView[];
  amplifyGroupNames: readonly string[];
  busy: ReadonlySet<string>;
  onChange: (
    group: AssistantGroupView,
    change: { isPublic?: boolean; supportConvAnalysis?: boolean; amplifyGroups?: string[] },
  ) => void;
  onReplaceKey: (group: AssistantGroupView) => void;
}

/**
 * The groups: Group Name, Created By, Support Conversation Analysis (toggle), Public (toggle),
 * Membership by Amplify Groups (chosen from the Amplify groups), Number of Assistants, Replace API key.
 */
export function AssistantGroupsTable({
  groups,
  amplifyGroupNames,
  busy,
  onChange,
  onReplaceKey,
}: AssistantGroupsTableProps) {
  if (groups.length === 0) return <p className="empty">{assistantGroupMessages.empty}</p>;
  return (
    <table className="feature-data-table" aria-label="Assistant Admin Groups">
      <TableHead
        columns={[
          'Group Name',
          'Created By',
          'Support Conversation Analysis',
          'Public',
          'Membership by Amplify Groups',
          'Number of Assistants',
        ]}
        actions
      />
      <tbody>
        {groups.map((g) => {
          const names = [...new Set([...amplifyGroupNames, ...g.amplifyGroups])].sort();
          return (
            <tr key={g.group_id}>
              <td>{g.groupName}</td>
              <td>{g.createdBy}</td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Support Conversation Analysis: ${g.groupName}`}
                  checked={g.supportConvAnalysis}
                  disabled={busy.has(g.group_id)}
                  onChange={() => onChange(g, { supportConvAnalysis: !g.supportConvAnalysis })}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Public: ${g.groupName}`}
                  checked={g.isPublic}
                  disabled={busy.has(g.group_id)}
                  onChange={() => onChange(g, { isPublic: !g.isPublic })}
                />
              </td>
              <td>
                {names.length === 0 ? (
                  <span className="muted">None</span>
                ) : (
                  <select
                    multiple
                    className="input"
                    aria-label={`Membership by Amplify Groups: ${g.groupName}`}
                    value={g.amplifyGroups}
                    disabled={busy.has(g.group_id)}
                    onChange={(e) =>
                      onChange(g, { amplifyGroups: Array.from(e.target.selectedOptions, (o) => o.value) })
                    }
                  >
                    {names.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                )}
              </td>
              <td>{g.numOfAssistants}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`Replace API key: ${g.groupName}`}
                  disabled={busy.has(g.group_id)}
                  onClick={() => onReplaceKey(g)}
                >
                  Replace API key
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
