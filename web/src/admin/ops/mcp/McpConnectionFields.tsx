import { TextAreaField, TextField } from '../../../ui/TextField';
import { SelectField } from '../../../ui/SelectField';
import type { McpDraft } from './mcp-drafts';

const authLabels: Record<McpDraft['authType'], string> = {
  none: 'None',
  bearer: 'Bearer token',
  headers: 'Headers',
};

/**
 * How an MCP server is reached, as registered or edited: name, URL, authentication and, for the
 * chosen kind, its token or headers.
 */
export function McpConnectionFields({
  draft,
  edit,
  urlPlaceholder,
  tokenPlaceholder,
  headersLabel,
}: {
  draft: McpDraft;
  edit: (patch: Partial<McpDraft>) => void;
  urlPlaceholder?: string;
  tokenPlaceholder?: string;
  headersLabel: string;
}) {
  return (
    <>
      <div className="mcp-register-fields">
        <TextField label="Name" value={draft.name} onChange={(name) => edit({ name })} maxLength={200} />
        <TextField
          label="URL"
          type="url"
          value={draft.url}
          onChange={(url) => edit({ url })}
          placeholder={urlPlaceholder}
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
            placeholder={tokenPlaceholder}
          />
        )}
      </div>
      {draft.authType === 'headers' && (
        <TextAreaField
          label={headersLabel}
          value={draft.headers}
          onChange={(headers) => edit({ headers })}
          rows={3}
          spellCheck={false}
        />
      )}
    </>
  );
}
