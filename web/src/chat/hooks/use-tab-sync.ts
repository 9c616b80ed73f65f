import { useEffect } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { resumeRequestsAtom } from '../actions/resume-requests';
import { inflightStorageKey } from '../storage/inflight';
import { listenToTabs } from '../storage/tab-channel';
import {
  conversationMessagesAtom,
  loadConversationMessagesAtom,
  refreshLocalConversationsAtom,
  refreshServerConversationsAtom,
} from '../state/conversations';
import { activeConversationIdAtom, userEmailAtom } from '../../state/active-conversation';
import { userLiveAtom } from '../state/live-status';

/**
 * The user's other tabs of this browser: a local conversation they changed is read again from
 * IndexedDB; a chat they ended refreshes the list (when `/live` does not) and that conversation; a
 * request they started (localStorage) is followed here too.
 */
export function useTabSync(): void {
  const email = useAtomValue(userEmailAtom);
  const store = useStore();
  const refreshLocal = useSetAtom(refreshLocalConversationsAtom);
  const refreshServer = useSetAtom(refreshServerConversationsAtom);
  const loadMessages = useSetAtom(loadConversationMessagesAtom);
  const resume = useSetAtom(resumeRequestsAtom);

  useEffect(() => {
    const shownOrLoaded = (id: string) =>
      store.get(activeConversationIdAtom) === id || id in store.get(conversationMessagesAtom);
    const stopListening = listenToTabs((message) => {
      if (message.email !== email) return;
      if (message.type === 'localConversationsChanged') void refreshLocal();
      else if (!store.get(userLiveAtom)) void refreshServer();
      if (shownOrLoaded(message.conversationId)) void loadMessages(message.conversationId, true);
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === inflightStorageKey(email) && event.newValue !== null) resume();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopListening();
      window.removeEventListener('storage', onStorage);
    };
  }, [email, store, refreshLocal, refreshServer, loadMessages, resume]);
}
