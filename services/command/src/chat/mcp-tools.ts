import type { ChatRequest, EventMetadata } from '@app/contracts';
import { mcpChatToolsFor, type McpChatTools } from '../mcp/index';
import type { ChatRouteDeps } from './chat-route-deps';
import type { ResolvedChat } from './resolve-chat';

/**
 * The MCP tools of a request: the servers the user turned on (`options.mcpServers`) and its
 * assistant's, each only when open to the user; none without MCP_ALLOW's client.
 */
export const mcpToolsOf = async (
  deps: Pick<ChatRouteDeps, 'db' | 'secrets' | 'mcp' | 'stopBus'>,
  request: ChatRequest,
  resolved: ResolvedChat,
  metadata: EventMetadata,
): Promise<McpChatTools | undefined> => {
  const serverIds = [...(request.options.mcpServers ?? []), ...(resolved.assistant?.mcpServers ?? [])];
  if (!deps.mcp || serverIds.length === 0) return undefined;
  return mcpChatToolsFor(
    { db: deps.db, secrets: deps.secrets, connector: deps.mcp, wakes: deps.stopBus },
    { requestId: request.options.requestId, email: metadata.actor.email, serverIds, metadata },
  );
};
