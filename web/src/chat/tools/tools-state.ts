import { atom } from 'jotai';
import type { McpUserServer } from '@app/contracts';
import { activeConversationIdAtom, userEmailAtom } from '../../state/active-conversation';
import { fetchUserMcpServers as fetchUserTools } from '../../api/mcp-tools';
import { offeredOn, serversOn, withConversation, withServer, type ToolChoices } from './tools-choice';
import { readToolChoices, writeToolChoices } from './tools-store';

/** The servers the user may turn on (GET /api/mcp/tools): loading, failed, or their list. */
export type UserTools =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; servers: McpUserServer[] };

export const userToolsAtom = atom<UserTools>({ kind: 'loading' });

/** Fetches the servers again; a failure keeps a list already shown (it says so only when none is). */
export const loadUserToolsAtom = atom(null, async (get, set) => {
  try {
    set(userToolsAtom, { kind: 'ready', servers: await fetchUserTools() });
  } catch {
    if (get(userToolsAtom).kind !== 'ready') set(userToolsAtom, { kind: 'failed' });
  }
});

const readyServers = (tools: UserTools): McpUserServer[] | null =>
  tools.kind === 'ready' ? tools.servers : null;

/** The choices as this tab changed them, for the user they belong to (none yet: as stored). */
const heldChoicesAtom = atom<{ email: string; choices: ToolChoices } | null>(null);

export const toolChoicesAtom = atom<ToolChoices>((get) => {
  const email = get(userEmailAtom);
  const held = get(heldChoicesAtom);
  return held?.email === email ? held.choices : readToolChoices(email);
});

const saveChoicesAtom = atom(null, (get, set, choices: ToolChoices) => {
  const email = get(userEmailAtom);
  writeToolChoices(email, choices);
  set(heldChoicesAtom, { email, choices });
});

/** The servers on for the conversation shown (a new chat: the next new conversation's), still offered. */
export const serversOnShownAtom = atom<string[]>((get) =>
  offeredOn(serversOn(get(toolChoicesAtom), get(activeConversationIdAtom)), readyServers(get(userToolsAtom))),
);

/** Turns a server's tools on or off for the conversation shown (a new chat: for new chats, until changed). */
export const setServerOnAtom = atom(null, (get, set, serverId: string, on: boolean) => {
  set(saveChoicesAtom, withServer(get(toolChoicesAtom), get(activeConversationIdAtom), serverId, on));
});

/**
 * The servers a message's request turns on (`options.mcpServers`): the conversation's; the first
 * message of a new conversation takes those chosen for a new chat, which become the conversation's.
 * Only servers still offered to the user go.
 */
export const mcpServersForRequestAtom = atom(
  null,
  (get, set, at: { conversationId: string; isNew: boolean }): string[] => {
    const choices = get(toolChoicesAtom);
    const known = choices.conversations[at.conversationId];
    const on = known ?? (at.isNew ? choices.draft : []);
    if (known === undefined && at.isNew && on.length > 0)
      set(saveChoicesAtom, withConversation(choices, at.conversationId, on));
    return offeredOn(on, readyServers(get(userToolsAtom)));
  },
);
