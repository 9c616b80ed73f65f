import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { ConversationSettings } from '@app/contracts';

/**
 * The settings of the conversations kept in this browser ('future-local'): one IndexedDB entry per
 * user and conversation, beside the conversation (its own store, so the conversations' entries stay
 * as they are).
 */
let store: UseStore | null = null;
const settingsStore = (): UseStore => (store ??= createStore('amplify-chat-settings', 'settings'));

const keyOf = (email: string, conversationId: string) => `${email}\u0000${conversationId}`;

/** A local conversation's settings; null when none were saved (or what is kept does not read as settings). */
export async function readLocalSettings(
  email: string,
  conversationId: string,
): Promise<ConversationSettings | null> {
  const parsed = ConversationSettings.safeParse(
    await get<unknown>(keyOf(email, conversationId), settingsStore()),
  );
  return parsed.success ? parsed.data : null;
}

export async function saveLocalSettings(
  email: string,
  conversationId: string,
  settings: ConversationSettings,
): Promise<void> {
  await set(keyOf(email, conversationId), settings, settingsStore());
}

export async function deleteLocalSettings(email: string, conversationId: string): Promise<void> {
  await del(keyOf(email, conversationId), settingsStore());
}
