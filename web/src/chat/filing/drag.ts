import type { DragEvent } from 'react';

/** The drag's type for a conversation of the list (its id), so nothing else dropped is taken for one. */
const conversationType = 'application/x-amplify-conversation';

/** A conversation row starts a drag: it carries its id. */
export const startConversationDrag = (event: DragEvent, conversationId: string): void => {
  event.dataTransfer.setData(conversationType, conversationId);
  event.dataTransfer.effectAllowed = 'move';
};

/** Whether a drag carries a conversation (the data itself is readable only on drop). */
export const carriesConversation = (event: DragEvent): boolean =>
  event.dataTransfer.types.includes(conversationType);

/** The id of the conversation dropped, or null for anything else. */
export const droppedConversation = (event: DragEvent): string | null => {
  const id = event.dataTransfer.getData(conversationType);
  return id === '' ? null : id;
};

/** Drop-target handlers: `onDrop(conversationId)` when a conversation is dropped; `setOver` while one is over. */
export const dropTarget = (onDrop: (conversationId: string) => void, setOver: (over: boolean) => void) => ({
  onDragOver: (event: DragEvent) => {
    if (!carriesConversation(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  },
  onDragLeave: (event: DragEvent) => {
    const to = event.relatedTarget;
    if (to instanceof Node && event.currentTarget.contains(to)) return;
    setOver(false);
  },
  onDrop: (event: DragEvent) => {
    setOver(false);
    const id = droppedConversation(event);
    if (id === null) return;
    event.preventDefault();
    onDrop(id);
  },
});
