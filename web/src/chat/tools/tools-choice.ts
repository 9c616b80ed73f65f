import { mcpChatLimits, type ChatRequest, type McpUserServer } from '@app/contracts';

/**
 * The MCP servers turned on, kept in this browser per user: per conversation, and for a new chat
 * (`draft`: what the next new conversation starts with, until changed).
 */
export interface ToolChoices {
  draft: string[];
  conversations: Record<string, string[]>;
}

export const noToolChoices = (): ToolChoices => ({ draft: [], conversations: {} });

/** Conversations remembered at most: the oldest choices are forgotten first. */
export const rememberedConversations = 500;

/** The servers turned on for a conversation (null: a new chat, not started yet). */
export const serversOn = (choices: ToolChoices, conversationId: string | null): string[] =>
  conversationId === null ? choices.draft : (choices.conversations[conversationId] ?? []);

/** Turns a server on or off for a conversation (null: a new chat), keeping the others as they were. */
export const withServer = (
  choices: ToolChoices,
  conversationId: string | null,
  serverId: string,
  on: boolean,
): ToolChoices => {
  const current = serversOn(choices, conversationId).filter((id) => id !== serverId);
  const next = on ? [...current, serverId] : current;
  return conversationId === null
    ? { ...choices, draft: next }
    : withConversation(choices, conversationId, next);
};

/** A conversation's servers set (moved to the newest), the oldest forgotten beyond the bound. */
export const withConversation = (
  choices: ToolChoices,
  conversationId: string,
  servers: string[],
): ToolChoices => {
  const { [conversationId]: _old, ...others } = choices.conversations;
  const kept = Object.entries(others).slice(-(rememberedConversations - 1));
  return { ...choices, conversations: { ...Object.fromEntries(kept), [conversationId]: servers } };
};

/** The servers turned on that the user may still use (an admin may have closed or removed one). */
export const offeredOn = (on: readonly string[], servers: readonly McpUserServer[] | null): string[] =>
  servers === null ? [] : on.filter((id) => servers.some((s) => s.id === id)).slice(0, mcpChatLimits.servers);

/** A chat request with the servers turned on (`options.mcpServers`); unchanged when none is. */
export const withMcpServers = (request: ChatRequest, serverIds: readonly string[]): ChatRequest =>
  serverIds.length === 0
    ? request
    : { ...request, options: { ...request.options, mcpServers: [...serverIds] } };
