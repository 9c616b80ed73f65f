import { useState } from 'react';
import type { ConversationListItem } from '../model/types';
import { ShareDialog } from './ShareDialog';

/** What a conversation menu entry is given (the conversation menu's item props, structurally). */
export interface ShareMenuItemProps {
  conversation: ConversationListItem;
  name: string;
}

/**
 * The conversation menu's 'Share' (role menuitem; choosing it closes the menu) and its dialog. None
 * for a local conversation: the server has not its messages.
 */
export function ShareMenuItem({ conversation, name }: ShareMenuItemProps) {
  const [open, setOpen] = useState(false);
  if (conversation.storage !== 'future-cloud' || conversation.elsewhere) return null;
  return (
    <>
      <button type="button" role="menuitem" tabIndex={-1} className="menu-item" onClick={() => setOpen(true)}>
        Share
      </button>
      {open && <ShareDialog conversationId={conversation.id} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}
