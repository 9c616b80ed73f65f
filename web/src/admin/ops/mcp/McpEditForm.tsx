import { mcpEditMessages, type McpChangeRequest, type McpServerView } from '@app/contracts';
import { TextField } from '../../../ui/TextField';
import { changeRequestOf, editDraftOf } from './mcp-drafts';
import { McpConnectionFields } from './McpConnectionFields';
import { useMcpDraftForm } from './use-mcp-draft-form';

/**
 * Editing a registered server: name, URL, credentials (blank keeps the saved value, never shown)
 * and groups, sent with the revision opened (a change by someone else since is refused, saying who).
 */
export function McpEditForm({
  server,
  busy,
  onSave,
  onCancel,
}: {
  server: McpServerView;
  busy: boolean;
  onSave: (request: McpChangeRequest) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { draft, edit, problem, onSubmit } = useMcpDraftForm({
    initial: () => editDraftOf(server),
    build: (d) => changeRequestOf(d, server),
    send: onSave,
  });

  return (
    <form className="mcp-register mcp-edit" aria-label={`Edit MCP server ${server.name}`} onSubmit={onSubmit}>
      <McpConnectionFields
        draft={draft}
        edit={edit}
        tokenPlaceholder={server.authType === 'bearer' ? mcpEditMessages.keepHint : ''}
        headersLabel="Headers (one a line, Name: value; a blank value keeps the saved one)"
      />
      <TextField
        label="Amplify groups (comma-separated; empty: every user)"
        value={draft.groups}
        onChange={(groups) => edit({ groups })}
        maxLength={4000}
      />
      {draft.url.trim() !== server.url && <p className="mcp-note">{mcpEditMessages.urlChangeNote}</p>}
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      <div className="ops-actions">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
