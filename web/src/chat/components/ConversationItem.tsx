import { useRef, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { chatText } from '../chat-text';
import { deleteConversationAtom, renameConversationAtom } from '../actions/conversation-actions';
import { formatCost } from '../model/conversation-list';
import type { ConversationListItem } from '../model/types';
import { openConversationAtom } from '../state/conversations';
import { sidebarOpenAtom } from '../sidebar/sidebar-state';
import { ConversationMenu } from '../filing/ConversationMenu';
import { TagChips } from '../filing/TagChips';
import { startConversationDrag } from '../filing/drag';

/** A date as the list shows it (the user's locale). */
const shortDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString();
};

export interface ConversationItemProps {
  conversation: ConversationListItem;
  active: boolean;
}

/**
 * One conversation of the list: open it (which closes a phone's drawer), see its cost and tags, drag
 * it onto a folder; its menu (ConversationMenu) renames it in place, pins, files, tags or deletes it
 * (confirmed).
 */
export function ConversationItem({ conversation, active }: ConversationItemProps) {
  const open = useSetAtom(openConversationAtom);
  const rename = useSetAtom(renameConversationAtom);
  const remove = useSetAtom(deleteConversationAtom);
  const closeDrawer = useSetAtom(sidebarOpenAtom);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** Enter and the blur that follows would both submit: once is enough. */
  const renameDone = useRef(false);
  const name = conversation.name ?? chatText.untitled;

  const startRenaming = () => {
    renameDone.current = false;
    setRenaming(name);
  };

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    if (renameDone.current) return;
    renameDone.current = true;
    if (renaming !== null && renaming.trim() !== '' && renaming.trim() !== name)
      void rename({ conversation, name: renaming });
    setRenaming(null);
  };

  return (
    <li className={['chat-conversation', active ? 'is-active' : ''].filter(Boolean).join(' ')}>
      {renaming !== null ? (
        <form className="chat-rename" onSubmit={onRename}>
          <input
            className="input"
            aria-label="Conversation name"
            value={renaming}
            maxLength={200}
            autoFocus
            onChange={(e) => setRenaming(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Escape') return;
              renameDone.current = true;
              setRenaming(null);
            }}
            onBlur={onRename}
          />
        </form>
      ) : (
        <button
          type="button"
          className="chat-conversation-open"
          aria-current={active ? 'true' : undefined}
          draggable
          onDragStart={(event) => startConversationDrag(event, conversation.id)}
          onClick={() => {
            closeDrawer(false);
            void open(conversation.id);
          }}
        >
          <span className="chat-conversation-name">{name}</span>
          <span className="chat-conversation-cost" aria-label={`Cost of ${name}`}>
            {formatCost(conversation.cost)}
          </span>
          {conversation.elsewhere && (
            <span className="chat-conversation-note">
              {chatText.keptElsewhere} ·{' '}
              <time dateTime={conversation.updatedAt}>{shortDate(conversation.updatedAt)}</time>
            </span>
          )}
        </button>
      )}
      <div className="chat-conversation-actions">
        <ConversationMenu
          conversation={conversation}
          name={name}
          actions={{ startRename: startRenaming, confirmDelete: () => setConfirming(true) }}
        />
      </div>
      <TagChips conversationId={conversation.id} />
      {confirming && (
        <ConfirmDialog
          title={chatText.deleteTitle}
          message={chatText.deleteMessage(name)}
          confirmLabel="Delete"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void remove(conversation);
          }}
        />
      )}
    </li>
  );
}
