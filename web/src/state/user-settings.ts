import { atom } from 'jotai';
import { UserSettings, type ConversationStorage, type UserSettingsSaveRequest } from '@app/contracts';
import { errorText } from '../api/http';
import { answeredNotFound } from '../api/relay';
import { fetchUserSettings, saveUserSettings, type EffectiveUserSettings } from '../api/settings';
import { pushToastAtom } from './toasts';

/** The user's settings (theme, hidden models, conversation storage); null until loaded. */
export const userSettingsAtom = atom<EffectiveUserSettings | null>(null);

/** Until the settings route answers: the stored defaults, conversations kept in this browser. */
const fallbackSettings = (): EffectiveUserSettings => ({
  ...UserSettings.parse({}),
  effectiveConversationStorage: 'future-local',
});

/** Loads the settings (after `waitFor`, a position of a save, when given). */
export const loadUserSettingsAtom = atom(null, async (_get, set, waitFor?: string) => {
  try {
    set(userSettingsAtom, await fetchUserSettings(waitFor));
  } catch (e) {
    set(userSettingsAtom, fallbackSettings());
    if (!answeredNotFound(e)) set(pushToastAtom, { tone: 'error', message: errorText(e) });
  }
});

/** Where a new conversation is kept: the user's choice, else the admin's default. */
export const conversationStorageAtom = atom<ConversationStorage>(
  (get) => get(userSettingsAtom)?.effectiveConversationStorage ?? 'future-local',
);

export const hiddenModelIdsAtom = atom<readonly string[]>(
  (get) => get(userSettingsAtom)?.hiddenModelIds ?? [],
);

/** The theme the user chose: light, dark, or the device's (`system`, until they choose). */
export const themeAtom = atom((get) => get(userSettingsAtom)?.theme ?? 'system');

/** Saves a change at once on screen, then on the server; a refusal puts the previous settings back. */
export const saveUserSettingsAtom = atom(null, async (get, set, changes: UserSettingsSaveRequest) => {
  const before = get(userSettingsAtom) ?? fallbackSettings();
  set(userSettingsAtom, { ...before, ...changes });
  try {
    await saveUserSettings(changes);
  } catch (e) {
    set(userSettingsAtom, before);
    set(pushToastAtom, { tone: 'error', message: errorText(e) });
  }
});

/** The user's own choice of storage for new conversations: it applies at once, and is saved. */
export const chooseConversationStorageAtom = atom(null, async (get, set, storage: ConversationStorage) => {
  const before = get(userSettingsAtom) ?? fallbackSettings();
  set(userSettingsAtom, { ...before, conversationStorage: storage, effectiveConversationStorage: storage });
  try {
    await saveUserSettings({ conversationStorage: storage });
  } catch (e) {
    set(userSettingsAtom, before);
    set(pushToastAtom, { tone: 'error', message: errorText(e) });
  }
});
