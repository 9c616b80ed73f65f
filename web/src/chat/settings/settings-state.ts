import { atom } from 'jotai';
import { noConversationSettings, type ConversationSettings, type ConversationStorage } from '@app/contracts';
import { activeConversationIdAtom, userEmailAtom } from '../../state/active-conversation';
import { activeConversationAtom, serverConversationsAtom } from '../state/conversations';
import { saveCloudSettings } from './settings-api';
import { hasSettings } from './request-settings';
import { saveLocalSettings } from './settings-store';

/** The settings chosen before the first message (no conversation yet): the new conversation's. */
export const draftSettingsAtom = atom<ConversationSettings>(noConversationSettings);

/**
 * Settings known in this tab, by conversation id: a local conversation's as read from this browser,
 * and any conversation's as saved here (before the server's list shows them).
 */
export const knownSettingsAtom = atom<Record<string, ConversationSettings>>({});

/** New cloud conversations' settings still to be saved on the server, once it lists the conversation. */
export const pendingCloudSettingsAtom = atom<Record<string, ConversationSettings>>({});

/** A conversation's settings: as known in this tab, else as the server lists them, else none. */
const settingsOf = (
  known: Record<string, ConversationSettings>,
  server: readonly { id: string; settings?: ConversationSettings }[] | null,
  id: string,
): ConversationSettings => known[id] ?? server?.find((c) => c.id === id)?.settings ?? noConversationSettings;

/** The settings of the conversation shown; before the first message, the new conversation's. */
export const conversationSettingsAtom = atom<ConversationSettings>((get) => {
  const id = get(activeConversationIdAtom);
  return id === null
    ? get(draftSettingsAtom)
    : settingsOf(get(knownSettingsAtom), get(serverConversationsAtom), id);
});

const remember = (
  known: Record<string, ConversationSettings>,
  id: string,
  settings: ConversationSettings,
) => ({
  ...known,
  [id]: settings,
});

/**
 * The settings a message's request takes (send-message): the conversation's; for the first message
 * of a new conversation, those chosen before it, which become the conversation's (kept in this
 * browser for a local one; for a cloud one saved once the server lists it).
 */
export const settingsForRequestAtom = atom(
  null,
  (get, set, at: { conversationId: string; storage: ConversationStorage; isNew: boolean }) => {
    const { conversationId, storage, isNew } = at;
    const known = get(knownSettingsAtom);
    if (!isNew || known[conversationId] !== undefined)
      return settingsOf(known, get(serverConversationsAtom), conversationId);
    const draft = get(draftSettingsAtom);
    set(draftSettingsAtom, noConversationSettings);
    if (!hasSettings(draft)) return draft;
    set(knownSettingsAtom, remember(known, conversationId, draft));
    if (storage === 'future-local') void saveLocalSettings(get(userEmailAtom), conversationId, draft);
    else set(pendingCloudSettingsAtom, { ...get(pendingCloudSettingsAtom), [conversationId]: draft });
    return draft;
  },
);

/**
 * Saves the shown conversation's settings (before the first message: the new conversation's): in
 * this browser for a local conversation, on the server for a cloud one the server lists (a cloud one
 * it does not list yet: once it does). Throws what the server answered.
 */
export const saveSettingsAtom = atom(null, async (get, set, settings: ConversationSettings) => {
  const shown = get(activeConversationAtom);
  const id = shown?.id ?? get(activeConversationIdAtom);
  if (id === null) {
    set(draftSettingsAtom, settings);
    return;
  }
  const storage = shown?.storage ?? 'future-local';
  if (storage === 'future-local') await saveLocalSettings(get(userEmailAtom), id, settings);
  else if (get(serverConversationsAtom)?.some((c) => c.id === id))
    await saveCloudSettings({ conversationId: id, ...settings });
  else set(pendingCloudSettingsAtom, { ...get(pendingCloudSettingsAtom), [id]: settings });
  set(knownSettingsAtom, remember(get(knownSettingsAtom), id, settings));
});

/**
 * Saves the new cloud conversations' settings the server now lists, once each (when the server
 * refuses them, this tab still applies them; the server's list then shows it has none).
 */
export const savePendingCloudSettingsAtom = atom(null, async (get, set) => {
  const listed = new Set((get(serverConversationsAtom) ?? []).map((c) => c.id));
  for (const [conversationId, settings] of Object.entries(get(pendingCloudSettingsAtom))) {
    if (!listed.has(conversationId)) continue;
    const { [conversationId]: _saved, ...rest } = get(pendingCloudSettingsAtom);
    set(pendingCloudSettingsAtom, rest);
    await saveCloudSettings({ conversationId, ...settings }).catch(() => undefined);
  }
});
