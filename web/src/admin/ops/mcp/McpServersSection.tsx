import { useCallback, useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { mcpMessages, type McpRegisterRequest, type McpServerView } from '@app/contracts';
import {
  approveMcpTools,
  changeMcpServer,
  fetchMcpServers,
  fetchMcpTools,
  limitMcpServerGroups,
  registerMcpServer,
  removeMcpServer,
} from '../../../api/mcp-servers';
import { ApiError, answeredSignedOut } from '../../../api/http';
import { pushToastAtom } from '../../../state/toasts';
import { whileMounted } from '../../../ui/while-mounted';
import { McpRegisterForm } from './McpRegisterForm';
import { McpServerCard, type McpServerActions } from './McpServerCard';
import './mcp.css';

const failure = (e: unknown): string =>
  e instanceof ApiError && e.serverMessage ? e.serverMessage : mcpMessages.listFailed;

/**
 * 'MCP servers' of the Ops tab: register a server (within MCP_ALLOW), fetch its tools, choose per tool
 * 'Allowed', 'Ask first' or 'Off', approve a changed tool after seeing its old and new definition,
 * limit a server to Amplify groups, edit a server (McpEditForm) and remove one after a confirmation.
 */
export function McpServersSection() {
  const toast = useSetAtom(pushToastAtom);
  const [servers, setServers] = useState<McpServerView[]>([]);
  const [busy, setBusy] = useState(false);

  const fail = useCallback(
    (e: unknown) => {
      if (!answeredSignedOut(e)) toast({ tone: 'error', message: failure(e) });
    },
    [toast],
  );
  useEffect(() => whileMounted(fetchMcpServers(), setServers, fail), [fail]);

  /** One action, then the list again; false when it failed (its message shown). */
  const act = async (work: () => Promise<{ position?: string | undefined }>): Promise<boolean> => {
    setBusy(true);
    try {
      const { position } = await work();
      setServers(await fetchMcpServers(position === '0' ? undefined : position));
      return true;
    } catch (e) {
      fail(e);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const actions: McpServerActions = {
    fetchTools: async (serverId) => {
      await act(() => fetchMcpTools(serverId));
    },
    approve: async (request) => {
      await act(() => approveMcpTools(request));
    },
    limitGroups: async (serverId, groups) => {
      await act(() => limitMcpServerGroups({ serverId, groups }));
    },
    change: (request) => act(() => changeMcpServer(request)),
    remove: async (server) => {
      await act(() => removeMcpServer({ serverId: server.id, expectedRevision: server.revision }));
    },
  };

  return (
    <section className="card mcp" aria-label="MCP servers">
      <h3 className="card-title">MCP servers</h3>
      <p className="card-description">
        Register MCP servers, fetch their tools and choose per tool. A tool whose description or input schema
        changes is Off until approved again.
      </p>
      <McpRegisterForm
        busy={busy}
        onRegister={(request: McpRegisterRequest) => act(() => registerMcpServer(request))}
      />
      {servers.length === 0 ? (
        <p className="mcp-empty">{mcpMessages.empty}</p>
      ) : (
        // Keyed by revision too: a settings change (an edit, groups) shows the saved values afresh.
        servers.map((s) => (
          <McpServerCard key={`${s.id}:${s.revision}`} server={s} busy={busy} actions={actions} />
        ))
      )}
    </section>
  );
}
