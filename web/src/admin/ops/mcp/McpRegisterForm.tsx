import { emptyMcpDraft, registerRequestOf } from './mcp-drafts';
import { McpConnectionFields } from './McpConnectionFields';
import { useMcpDraftForm } from './use-mcp-draft-form';
import type { McpRegisterRequest } from '@app/contracts';

/** Registering an MCP server: name, URL and credentials (sent once, sealed, never shown again). */
export function McpRegisterForm({
  busy,
  onRegister,
}: {
  busy: boolean;
  onRegister: (request: McpRegisterRequest) => Promise<boolean>;
}) {
  const { draft, edit, problem, onSubmit } = useMcpDraftForm({
    initial: emptyMcpDraft,
    build: registerRequestOf,
    send: onRegister,
    resetAfterSent: true,
  });

  return (
    <form className="mcp-register" aria-label="Register an MCP server" onSubmit={onSubmit}>
      <McpConnectionFields
        draft={draft}
        edit={edit}
        urlPlaceholder="https://mcp.example.com/mcp"
        headersLabel="Headers (one a line, Name: value)"
      />
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
