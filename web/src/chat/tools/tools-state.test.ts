import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { McpUserToolsResponse } from '@app/contracts';
import { activeConversationIdAtom } from '../../state/active-conversation';
import {
  loadUserToolsAtom,
  mcpServersForRequestAtom,
  serversOnShownAtom,
  setServerOnAtom,
  userToolsAtom,
} from './tools-state';

const weather = '00000000-0000-4000-8000-000000000001';
const files = '00000000-0000-4000-8000-000000000002';

/** A Storage kept in memory (the unit tests run in Node). */
const memoryStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
};

const answering = (servers: McpUserToolsResponse['servers']) =>
  vi.fn(async () => new Response(JSON.stringify({ servers }), { status: 200 }));

const storeWithServers = async (ids: string[]) => {
  vi.stubGlobal('fetch', answering(ids.map((id) => ({ id, name: id, tools: [] }))));
  const store = createStore();
  await store.set(loadUserToolsAtom);
  return store;
};

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Tools menu state: which servers a request turns on', () => {
  it('given a server turned on in a new chat, when its first message is sent, then the request turns it on and the conversation keeps it; new chats still have it', async () => {
    const store = await storeWithServers([weather, files]);
    store.set(setServerOnAtom, weather, true);
    expect(store.get(serversOnShownAtom)).toEqual([weather]);

    expect(store.set(mcpServersForRequestAtom, { conversationId: 'conv-1', isNew: true })).toEqual([weather]);
    store.set(activeConversationIdAtom, 'conv-1');
    expect(store.get(serversOnShownAtom)).toEqual([weather]);
    store.set(activeConversationIdAtom, null);
    expect(store.get(serversOnShownAtom)).toEqual([weather]);
  });

  it('given a conversation changed, then only it changes; another conversation opened without a choice turns none on', async () => {
    const store = await storeWithServers([weather, files]);
    store.set(activeConversationIdAtom, 'conv-1');
    store.set(setServerOnAtom, files, true);
    expect(store.set(mcpServersForRequestAtom, { conversationId: 'conv-1', isNew: false })).toEqual([files]);
    expect(store.set(mcpServersForRequestAtom, { conversationId: 'conv-2', isNew: false })).toEqual([]);
    store.set(activeConversationIdAtom, null);
    expect(store.get(serversOnShownAtom)).toEqual([]);
  });

  it('given the choice kept in this browser, when the page loads again, then it is there; a server no longer offered is not sent', async () => {
    const first = await storeWithServers([weather, files]);
    first.set(setServerOnAtom, weather, true);
    first.set(setServerOnAtom, files, true);
    const again = await storeWithServers([files]);
    expect(again.get(serversOnShownAtom)).toEqual([files]);
    expect(again.set(mcpServersForRequestAtom, { conversationId: 'c', isNew: true })).toEqual([files]);
  });

  it('given the list failed to load, then the menu says so and no server is sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const store = createStore();
    store.set(setServerOnAtom, weather, true);
    await store.set(loadUserToolsAtom);
    expect(store.get(userToolsAtom)).toEqual({ kind: 'failed' });
    expect(store.set(mcpServersForRequestAtom, { conversationId: 'c', isNew: true })).toEqual([]);
  });
});
