import { atom } from 'jotai';
import {
  DeleteAllConversationsResponse,
  deleteAllConversationsRoute,
  deleteAllMessages,
} from '@app/contracts';
import { errorText } from '../../api/http';
import { relayJson } from '../../api/relay';
import { pushToastAtom } from '../../state/toasts';
import { activeConversationIdAtom, userEmailAtom } from '../../state/active-conversation';
import { deleteLocalSettings } from '../settings';
import { deleteLocalConversation } from '../storage/local-conversations';
import { postToTabs } from '../storage/tab-channel';
import {
  conversationListAtom,
  newCloudConversationsAtom,
  refreshLocalConversationsAtom,
  refreshServerConversationsAtom,
  serverConversationsAtom,
} from '../state/conversations';

/** Calls at most: the route deletes 200 a call, so this covers far more than any sidebar lists. */
const maxCalls = 500;

/**
 * 'Delete all my conversations': this browser's local ones, then the server's (cloud ones' keys
 * destroyed) a batch per call until none remains (POST /api/conversations/delete-all).
 */
export const deleteAllConversationsAtom = atom(null, async (get, set) => {
  const email = get(userEmailAtom);
  const all = get(conversationListAtom);
  try {
    for (const c of all)
      if (c.storage === 'future-local') {
        await deleteLocalConversation(email, c.id);
        await deleteLocalSettings(email, c.id);
      }
    set(newCloudConversationsAtom, []);
    set(serverConversationsAtom, []);
    set(activeConversationIdAtom, null);
    await set(refreshLocalConversationsAtom);
    postToTabs({ type: 'localConversationsChanged', email, conversationId: '' });
    for (let call = 0; call < maxCalls; call += 1) {
      const answer = await relayJson(
        'deleteAllConversations',
        deleteAllConversationsRoute,
        DeleteAllConversationsResponse,
        { method: 'POST', body: {} },
      );
      if (answer.body.remaining === 0) break;
    }
    set(pushToastAtom, { tone: 'success', message: deleteAllMessages.done(all.length) });
  } catch (e) {
    set(pushToastAtom, { tone: 'error', message: errorText(e) });
  }
  await set(refreshServerConversationsAtom);
});
