import { atom } from 'jotai';
import type { ConversationStorage } from '@app/contracts';
import { chooseVersion } from '../../api/conversations';
import { errorText } from '../../api/http';
import { pushToastAtom } from '../../state/toasts';
import { userEmailAtom } from '../../state/active-conversation';
import { putLocalChosen } from '../storage/local-conversations';
import { postToTabs } from '../storage/tab-channel';
import { chosenVersionsAtom, setChosenVersionsAtom } from '../state/conversations';
import { versionKey } from '../versions/tree';

export interface VersionChoice {
  conversationId: string;
  storage: ConversationStorage;
  /** The turn's parent (null: the first turn). */
  parentRequestId: string | null;
  /** The version turned to. */
  requestId: string;
}

/**
 * Shows a version of a turn: on screen at once, and for a local conversation kept in this browser
 * (the other tabs are told).
 */
export const showVersionAtom = atom(null, async (get, set, choice: VersionChoice) => {
  const { conversationId, requestId } = choice;
  const key = versionKey(choice.parentRequestId);
  const chosen = get(chosenVersionsAtom)[conversationId] ?? {};
  set(setChosenVersionsAtom, conversationId, { ...chosen, [key]: requestId });
  if (choice.storage !== 'future-local') return;
  const email = get(userEmailAtom);
  await putLocalChosen(email, conversationId, key, requestId);
  postToTabs({ type: 'localConversationsChanged', email, conversationId });
});

/** Records on the server which version the user turned to (cloud and local conversations alike). */
export const recordVersionAtom = atom(
  null,
  async (_get, set, { conversationId, requestId }: Pick<VersionChoice, 'conversationId' | 'requestId'>) => {
    try {
      await chooseVersion({ conversationId, requestId });
    } catch (e) {
      set(pushToastAtom, { tone: 'error', message: errorText(e) });
    }
  },
);

/** The user turned to another version of a turn ('Previous version', 'Next version'). */
export const chooseVersionAtom = atom(null, async (_get, set, choice: VersionChoice) => {
  await set(showVersionAtom, choice);
  await set(recordVersionAtom, choice);
});
