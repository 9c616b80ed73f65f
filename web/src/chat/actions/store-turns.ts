import { atom } from 'jotai';
import type { ConversationStorage } from '@app/contracts';
import { upsertTurns, putLocalMessages } from '../storage/local-conversations';
import { postToTabs } from '../storage/tab-channel';
import type { ChatTurn } from '../model/types';
import {
  conversationMessagesAtom,
  newCloudConversationsAtom,
  refreshLocalConversationsAtom,
  serverConversationsAtom,
  setConversationMessagesAtom,
} from '../state/conversations';
import { userEmailAtom } from '../../state/active-conversation';

export interface StoreTurns {
  conversationId: string;
  storage: ConversationStorage;
  name: string;
  turns: ChatTurn[];
}

/**
 * Puts messages into a conversation: on screen at once; in IndexedDB for a local conversation
 * (the other tabs are told); a cloud one is kept by the server, and listed here until it lists it.
 */
export const storeTurnsAtom = atom(
  null,
  async (get, set, { conversationId, storage, name, turns }: StoreTurns) => {
    const now = new Date().toISOString();
    const cached = get(conversationMessagesAtom)[conversationId] ?? [];
    set(setConversationMessagesAtom, conversationId, upsertTurns(cached, turns));
    if (storage === 'future-local') {
      const email = get(userEmailAtom);
      const stored = await putLocalMessages(email, { id: conversationId, name }, turns, now);
      set(setConversationMessagesAtom, conversationId, stored.messages);
      await set(refreshLocalConversationsAtom);
      postToTabs({ type: 'localConversationsChanged', email, conversationId });
      return;
    }
    const listed = (get(serverConversationsAtom) ?? []).some((c) => c.id === conversationId);
    const others = get(newCloudConversationsAtom).filter((c) => c.id !== conversationId);
    if (!listed)
      set(newCloudConversationsAtom, [...others, { id: conversationId, name, updatedAt: now, storage }]);
  },
);
