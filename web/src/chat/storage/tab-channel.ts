/**
 * Tells the user's other tabs of this browser that local conversations changed (their content lives
 * in IndexedDB, which other tabs do not watch), and that a chat ended (its cost changed).
 */
export type TabMessage =
  | { type: 'localConversationsChanged'; email: string; conversationId: string }
  | { type: 'chatEnded'; email: string; conversationId: string; requestId: string };

type Listener = (message: TabMessage) => void;

const channelName = 'amplify-chat';
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

const isTabMessage = (value: unknown): value is TabMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TabMessage).type === 'string' &&
  typeof (value as TabMessage).email === 'string' &&
  typeof (value as TabMessage).conversationId === 'string';

const open = (): BroadcastChannel | null => {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(channelName);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isTabMessage(event.data)) for (const listener of listeners) listener(event.data);
  };
  return channel;
};

/** Tells the other tabs (a tab never hears its own messages). */
export const postToTabs = (message: TabMessage): void => open()?.postMessage(message);

/** Hears the other tabs; returns the unsubscribe. */
export function listenToTabs(listener: Listener): () => void {
  open();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
