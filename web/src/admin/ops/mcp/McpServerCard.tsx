import { useState } from 'react';
import {
  mcpEditMessages,
  type McpApproveRequest,
  type McpChangeRequest,
  type McpServerView,
  type McpToolChoice,
} from '@app/contracts';
import { TextField } from '../../../ui/TextField';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { McpToolRow } from './McpToolRow';
import { McpEditForm } from './McpEditForm';
import { approvalOf, choicesOf, groupsOf } from './mcp-drafts';

export interface McpServerActions {
  fetchTools: (serverId: string) => Promise<void>;
  approve: (request: McpApproveRequest) => Promise<void>;
  limitGroups: (serverId: string, groups: string[]) => Promise<void>;
  /** False when refused (its message shown): the form stays open. */
  change: (request: McpChangeRequest) => Promise<boolean>;
  remove: (server: McpServerView) => Promise<void>;
}

/** One registered server: its address, Fetch tools, its Amplify groups and the choice per tool. */
export function McpServerCard({
  server,
  busy,
  actions,
}: {
  server: McpServerView;
  busy: boolean;
  actions: McpServerActions;
}) {
  const [edits, setEdits] = useState<Record<string, McpToolChoice>>({});
  const [groups, setGroups] = useState(server.groups.join(', '));
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const choices = choicesOf(server, edits);
  const approval = approvalOf(server, edits);

  return (
    <article className="mcp-server" aria-label={`MCP server ${server.name}`}>
      <header className="mcp-server-head">
        <h4>{server.name}</h4>
        <span className="mcp-url">{server.url}</span>
        <span className="mcp-auth">
          Authentication: {server.authType}
          {server.authHeaders.length > 0 ? ` (${server.authHeaders.join(', ')})` : ''}
        </span>
      </header>
      <div className="ops-actions">
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => void actions.fetchTools(server.id)}
        >
          Fetch tools
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy || editing}
          aria-expanded={editing}
          onClick={() => setEditing(true)}
        >
          Edit
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => setRemoving(true)}>
          Remove
        </button>
      </div>
      {editing && (
        <McpEditForm
          server={server}
          busy={busy}
          onCancel={() => setEditing(false)}
          onSave={async (request) => {
            const saved = await actions.change(request);
            if (saved) setEditing(false);
            return saved;
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={mcpEditMessages.removeTitle}
          message={mcpEditMessages.removeConfirm(server)}
          confirmLabel="Remove server"
          onCancel={() => setRemoving(false)}
          onConfirm={() => {
            setRemoving(false);
            void actions.remove(server);
          }}
        />
      )}
      <div className="mcp-groups">
        <TextField
          label="Amplify groups (comma-separated; empty: every user)"
          value={groups}
          onChange={setGroups}
          maxLength={4000}
        />
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => void actions.limitGroups(server.id, groupsOf(groups))}
        >
          Save groups
        </button>
      </div>
      {server.problems.length > 0 && (
        <ul className="mcp-problems" aria-label={`Problems of ${server.name}`}>
          {server.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {server.tools.length > 0 && (
        <>
          <ul className="mcp-tools" aria-label={`Tools of ${server.name}`}>
            {server.tools.map((tool) => (
              <McpToolRow
                key={tool.name}
                tool={tool}
                choice={choices[tool.name] ?? 'off'}
                onChoose={(choice) => setEdits((e) => ({ ...e, [tool.name]: choice }))}
              />
            ))}
          </ul>
          <div className="ops-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || approval === null}
              onClick={() => {
                if (approval) void actions.approve(approval).then(() => setEdits({}));
              }}
            >
              Approve choices
            </button>
          </div>
        </>
      )}
    </article>
  );
}
