import { useEffect, useState } from 'react';
import { mcpChatLimits, mcpChatMessages, type McpUserServer } from '@app/contracts';
import { fetchUserMcpServers } from '../../api/mcp-tools';
import { CheckField } from '../../ui/CheckField';
import { whileMounted } from '../../ui/while-mounted';

export interface McpServersChecklistProps {
  serverIds: string[];
  onChange: (serverIds: string[]) => void;
}

/** Adds or removes one server; at most the contracts' number. */
export const toggleServer = (ids: readonly string[], id: string): string[] =>
  ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id].slice(0, mcpChatLimits.servers);

/**
 * The MCP servers whose tools the assistant offers beside its ops: the servers open to the user,
 * each with the tools an admin allowed ('Ask first' ones marked). Whoever chats with the assistant
 * is offered a server's tools only if it is open to them too.
 */
export function McpServersChecklist({ serverIds, onChange }: McpServersChecklistProps) {
  const [servers, setServers] = useState<McpUserServer[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => whileMounted(fetchUserMcpServers(), setServers, () => setFailed(true)), []);

  if (failed)
    return (
      <p role="alert" className="form-error">
        {mcpChatMessages.toolsLoadFailed}
      </p>
    );
  if (servers === null) return <p className="muted">Loading MCP servers…</p>;
  if (servers.length === 0) return null;
  const gone = serverIds.filter((id) => !servers.some((s) => s.id === id));
  return (
    <fieldset className="assistant-mcp">
      <legend className="field-label">MCP servers</legend>
      {servers.map((server) => (
        <div key={server.id} className="assistant-mcp-server">
          <CheckField
            label={server.name}
            checked={serverIds.includes(server.id)}
            onChange={() => onChange(toggleServer(serverIds, server.id))}
          />
          <p className="muted assistant-mcp-tools">
            {server.tools.map((t) => (t.choice === 'ask' ? `${t.name} (asks first)` : t.name)).join(', ')}
          </p>
        </div>
      ))}
      {gone.length > 0 && (
        <p className="muted">
          {gone.length === 1
            ? 'One server chosen before is no longer open to you: its tools are not offered.'
            : `${gone.length} servers chosen before are no longer open to you: their tools are not offered.`}
        </p>
      )}
    </fieldset>
  );
}
