import { conversationSearchId, focusById } from '../shortcuts/targets';

/** Frames during which the box takes the focus back (the drawer opening focuses its first button). */
const settleFrames = 10;

/**
 * Focuses the conversation search box (Ctrl/⌘+K), its text selected; on a phone, opens the drawer it
 * is in first. False when there is no box (the browser keeps the keys).
 */
export function focusConversationSearch(openDrawer: () => void): boolean {
  const box = document.getElementById(conversationSearchId);
  if (!(box instanceof HTMLInputElement)) return false;
  if (focusById(conversationSearchId)) {
    box.select();
    return true;
  }
  openDrawer();
  let frames = 0;
  const retry = () => {
    if (document.activeElement !== box && focusById(conversationSearchId)) box.select();
    if (++frames < settleFrames) requestAnimationFrame(retry);
  };
  requestAnimationFrame(retry);
  return true;
}
