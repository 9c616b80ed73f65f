import { useState } from 'react';
import { TextAreaField, TextField } from '../../../ui/TextField';
import { SelectField } from '../../../ui/SelectField';
import { emptyMcpDraft, registerRequestOf, type McpDraft } from './mcp-drafts';
import type { McpRegisterRequest } from '@app/contracts';

const authLabels: Record<McpDraft['authType'], string> = {
  none: 'None',
  bearer: 'Bearer token',
  headers: 'Headers',
};

/** Registering an MCP server: name, URL and credentials (sent once, sealed, never shown again). */
export function McpRegisterForm({
  busy,
  onRegister,
}: {
  busy: boolean;
  onRegister: (request: McpRegisterRequest) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState<McpDraft>(emptyMcpDraft);
  const [problem, setProblem] = useState<string | null>(null);
  const edit = (patch: Partial<McpDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    const built = registerRequestOf(draft);
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    if (await onRegister(built.request)) setDraft(emptyMcpDraft);
  };

  return (
    <form
      className="mcp-register"
      aria-label="Register an MCP server"
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
          placeholder="https://mcp.example.com/mcp"
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
          />
        )}
      </div>
      {draft.authType === 'headers' && (
        <TextAreaField
          label="Headers (one a line, Name: value)"
          value={draft.headers}
          onChange={(headers) => edit({ headers })}
          rows={3}
          spellCheck={false}
        />
      )}
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      <div className="ops-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Registering...' : 'Register server'}
        </button>
      </div>
    </form>
  );
}
