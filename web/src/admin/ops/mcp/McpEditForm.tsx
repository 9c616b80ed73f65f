import { useState } from 'react';
import { mcpEditMessages, type McpChangeRequest, type McpServerView } from '@app/contracts';
import { TextAreaField, TextField } from '../../../ui/TextField';
import { SelectField } from '../../../ui/SelectField';
import { changeRequestOf, editDraftOf } from './mcp-drafts';

const authLabels = { none: 'None', bearer: 'Bearer token', headers: 'Headers' } as const;

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
  const [draft, setDraft] = useState(() => editDraftOf(server));
  const [problem, setProblem] = useState<string | null>(null);
  const edit = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    const built = changeRequestOf(draft, server);
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    await onSave(built.request);
  };

  return (
    <form
      className="mcp-register mcp-edit"
      aria-label={`Edit MCP server ${server.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="mcp-register-fields">
        <TextField label="Name" value={draft.name} onChange={(name) => edit({ name })} maxLength={200} />
        <TextField
          label="URL"
          type="url"
          value={draft.url}
          onChange={(url) => edit({ url })}
          maxLength={2000}
        />
        <SelectField
          label="Authentication"
          value={draft.authType}
          options={['none', 'bearer', 'headers'] as const}
          optionLabel={(o) => authLabels[o]}
          onChange={(authType) => edit({ authType })}
        />
        {draft.authType === 'bearer' && (
          <TextField
            label="Token"
            type="password"
            autoComplete="off"
            value={draft.token}
            onChange={(token) => edit({ token })}
            placeholder={server.authType === 'bearer' ? mcpEditMessages.keepHint : ''}
          />
        )}
      </div>
      {draft.authType === 'headers' && (
        <TextAreaField
          label="Headers (one a line, Name: value; a blank value keeps the saved one)"
          value={draft.headers}
          onChange={(headers) => edit({ headers })}
          rows={3}
          spellCheck={false}
        />
      )}
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
