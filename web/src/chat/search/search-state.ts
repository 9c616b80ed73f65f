import { atom } from 'jotai';
import type { ConversationSearchResult } from '@app/contracts';
import { openConversationAtom } from '../state/conversations';
import { sidebarOpenAtom } from '../sidebar/sidebar-state';

/** The message a chosen result opens at: scrolled to and highlighted once shown (`use-scroll-to-message.ts`). */
export interface SearchTarget {
  conversationId: string;
  messageId: string;
  /** The words searched for: the first one in the message is scrolled to and marked. */
  words: string[];
  /** A new one for each choice, so choosing the same result twice scrolls again. */
  nonce: number;
}

export const searchTargetAtom = atom<SearchTarget | null>(null);

let nonce = 0;

/** A result chosen: its conversation opens (a phone's drawer closes) at its message. */
export const chooseSearchResultAtom = atom(
  null,
  async (_get, set, result: ConversationSearchResult, words: readonly string[]) => {
    set(sidebarOpenAtom, false);
    set(
      searchTargetAtom,
      result.messageId === null
        ? null
        : {
            conversationId: result.conversationId,
            messageId: result.messageId,
            words: [...words],
            nonce: ++nonce,
          },
    );
    await set(openConversationAtom, result.conversationId);
  },
);
