import { useState } from 'react';
import { RowAction } from '../../ui/table/RowAction';
import type { ConversationListItem } from '../model/types';
import { ShareDialog } from './ShareDialog';

/** 'Share' on a cloud conversation's row: opens its Share dialog. None for a local one (the server has not its messages). */
export function ShareAction({ conversation, name }: { conversation: ConversationListItem; name: string }) {
  const [open, setOpen] = useState(false);
  if (conversation.storage !== 'future-cloud') return null;
  return (
    <>
      <RowAction
        action="Share"
        name={name}
        className="btn btn-ghost btn-small"
        title="Share"
        onClick={() => setOpen(true)}
      >
        ⤴
      </RowAction>
      {open && <ShareDialog conversationId={conversation.id} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}
