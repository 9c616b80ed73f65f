import { atom } from 'jotai';
import { postKillSwitch } from '../../api/chat';
import { deleteConversation, renameConversation } from '../../api/conversations';
import { errorText } from '../../api/http';
import { answeredNotFound } from '../../api/relay';
import { pushToastAtom } from '../../state/toasts';
import type { ConversationListItem } from '../model/types';
import { deleteLocalConversation, renameLocalConversation } from '../storage/local-conversations';
import { removeInflight } from '../storage/inflight';
import { deleteLocalSettings } from '../settings';
import { postToTabs } from '../storage/tab-channel';
import { detachedReason } from '../state/reset';
import { dropLiveAnswerAtom, liveAnswersAtom, streamControllers } from '../state/streams';
import {
  newCloudConversationsAtom,
  refreshLocalConversationsAtom,
  refreshServerConversationsAtom,
  serverConversationsAtom,
  setConversationMessagesAtom,
} from '../state/conversations';
import { activeConversationIdAtom, userEmailAtom } from '../../state/active-conversation';

/** New conversation: the screen empties; the conversation starts with the next message. */
export const newConversationAtom = atom(null, (_get, set) => {
  set(activeConversationIdAtom, null);
});

/** Renames a conversation: in this browser for a local one, on the server for a cloud one. */
export const renameConversationAtom = atom(
  null,
  async (get, set, { conversation, name }: { conversation: ConversationListItem; name: string }) => {
    const email = get(userEmailAtom);
    const trimmed = name.trim();
    if (trimmed === '') return;
    try {
      if (conversation.storage === 'future-local') {
        await renameLocalConversation(email, conversation.id, trimmed);
        await set(refreshLocalConversationsAtom);
        postToTabs({ type: 'localConversationsChanged', email, conversationId: conversation.id });
      } else {
        set(
          newCloudConversationsAtom,
          get(newCloudConversationsAtom).map((c) => (c.id === conversation.id ? { ...c, name: trimmed } : c)),
        );
        await renameConversation({ conversationId: conversation.id, name: trimmed });
        await set(refreshServerConversationsAtom);
      }
    } catch (e) {
      set(pushToastAtom, { tone: 'error', message: errorText(e) });
    }
  },
);

/** Deletes a conversation: its content here (local) and the server's record of it. */
export const deleteConversationAtom = atom(null, async (get, set, conversation: ConversationListItem) => {
  const email = get(userEmailAtom);
  // Its answers still streaming stop, and are not written back into it.
  for (const live of Object.values(get(liveAnswersAtom))) {
    if (live.conversationId !== conversation.id) continue;
    postKillSwitch(live.requestId).catch(() => undefined);
    streamControllers.get(live.requestId)?.abort(detachedReason);
    removeInflight(email, live.requestId);
    set(dropLiveAnswerAtom, live.requestId);
  }
  try {
    if (conversation.storage === 'future-local') {
      await deleteLocalConversation(email, conversation.id);
      await deleteLocalSettings(email, conversation.id);
    }
    set(
      newCloudConversationsAtom,
      get(newCloudConversationsAtom).filter((c) => c.id !== conversation.id),
    );
    set(
      serverConversationsAtom,
      (get(serverConversationsAtom) ?? []).filter((c) => c.id !== conversation.id),
    );
    set(setConversationMessagesAtom, conversation.id, null);
    if (get(activeConversationIdAtom) === conversation.id) set(activeConversationIdAtom, null);
    await set(refreshLocalConversationsAtom);
    postToTabs({ type: 'localConversationsChanged', email, conversationId: conversation.id });
    try {
      await deleteConversation({ conversationId: conversation.id });
    } catch (e) {
      // A local conversation the server never heard of (no request yet): nothing to delete there.
      if (!answeredNotFound(e)) throw e;
    }
  } catch (e) {
    set(pushToastAtom, { tone: 'error', message: errorText(e) });
  }
  await set(refreshServerConversationsAtom);
});
