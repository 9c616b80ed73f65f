import { useEffect } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { activeConversationIdAtom } from '../../state/active-conversation';
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

const inView = (element: HTMLElement): boolean => {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
};

/** Scrolls a message into view: its middle in the middle, or its start when it is taller than the window. */
const show = (element: HTMLElement) =>
  element.scrollIntoView?.({
    block: element.getBoundingClientRect().height > window.innerHeight * 0.8 ? 'start' : 'center',
  });

/**
 * Once the conversation of a chosen result shows its message, scrolls to it and highlights it
 * (`data-search-hit`) for `highlightMs`, keeping it in view meanwhile (the list scrolling to its end
 * as the conversation finishes loading) until the user scrolls, touches or types. A message of a
 * version not shown is not waited for past `maxFrames`.
 */
export function useScrollToMessage(): void {
  const target = useAtomValue(searchTargetAtom);
  const store = useStore();

  useEffect(() => {
    if (target === null) return;
    let frame = 0;
    let frames = 0;
    let hit: HTMLElement | null = null;
    let until = 0;
    let following = true;
    const stopFollowing = () => {
      following = false;
    };
    const follow = () => {
      if (hit === null || performance.now() > until) {
        if (hit) delete hit.dataset.searchHit;
        return;
      }
      if (following && !inView(hit)) show(hit);
      frame = requestAnimationFrame(follow);
    };
    const find = () => {
      const shown = store.get(activeConversationIdAtom) === target.conversationId;
      const element = shown ? messageElement(target.messageId) : null;
      if (element) {
        hit = element;
        show(element);
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
    };
  }, [target, store]);
}
