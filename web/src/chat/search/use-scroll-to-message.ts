import { useEffect } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { activeConversationIdAtom } from '../../state/active-conversation';
import { firstWordRange, highlightWord, showSpot, spotInView } from './message-spot';
import { searchTargetAtom } from './search-state';

/** How long a message opened from a search stays highlighted (and kept in view). */
export const highlightMs = 2500;
/** How many frames to wait for the message to show (its conversation loading) before giving up. */
const maxFrames = 600;
/** What the user does that ends keeping the message in view. */
const followEnds = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

const messageElement = (messageId: string): HTMLElement | null => {
  const element = document.querySelector(`[data-message-id="${CSS.escape(messageId)}"]`);
  return element instanceof HTMLElement ? element : null;
};

/**
 * Once the conversation of a chosen result shows its message, scrolls to its first searched word
 * and highlights the message (`data-search-hit`) and the word for `highlightMs`, keeping them in view
 * meanwhile (the list scrolls to its end as the conversation finishes loading, the markdown replaces
 * the plain text) until the user scrolls, touches or types. A message of a version not shown is not
 * waited for past `maxFrames`.
 */
export function useScrollToMessage(): void {
  const target = useAtomValue(searchTargetAtom);
  const store = useStore();

  useEffect(() => {
    if (target === null) return;
    let frame = 0;
    let frames = 0;
    let hit: HTMLElement | null = null;
    let range: Range | null = null;
    let unmark = () => {};
    let until = 0;
    let following = true;
    const stopFollowing = () => {
      following = false;
    };
    const mark = (element: HTMLElement) => {
      unmark();
      range = firstWordRange(element, target.words);
      unmark = highlightWord(range);
    };
    const follow = () => {
      if (hit === null || performance.now() > until) {
        if (hit) delete hit.dataset.searchHit;
        unmark();
        return;
      }
      // The message or its text drawn again (its markdown loaded): find the word again.
      const now = messageElement(target.messageId);
      if (now && (now !== hit || (range !== null && !range.startContainer.isConnected))) {
        delete hit.dataset.searchHit;
        hit = now;
        hit.dataset.searchHit = 'true';
        mark(hit);
      }
      if (following && !spotInView(hit, range)) showSpot(hit, range);
      frame = requestAnimationFrame(follow);
    };
    const find = () => {
      const shown = store.get(activeConversationIdAtom) === target.conversationId;
      const element = shown ? messageElement(target.messageId) : null;
      if (element) {
        hit = element;
        mark(element);
        showSpot(element, range);
        element.dataset.searchHit = 'true';
        until = performance.now() + highlightMs;
        for (const type of followEnds) window.addEventListener(type, stopFollowing, true);
        frame = requestAnimationFrame(follow);
        return;
      }
      if (++frames < maxFrames) frame = requestAnimationFrame(find);
    };
    frame = requestAnimationFrame(find);
    return () => {
      cancelAnimationFrame(frame);
      for (const type of followEnds) window.removeEventListener(type, stopFollowing, true);
      if (hit) delete hit.dataset.searchHit;
      unmark();
    };
  }, [target, store]);
}
