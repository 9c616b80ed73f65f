/** The message input, which Shift+Escape and a new chat focus. */
export const messageInputId = 'chat-message-input';
/** A conversation search box in the sidebar, which Ctrl/⌘+K focuses when there is one. */
export const conversationSearchId = 'conversation-search';

/** Focuses the element with this id, when shown; whether it did. */
export function focusById(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.focus();
  return document.activeElement === element;
}
