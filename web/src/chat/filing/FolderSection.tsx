import { useState, type ReactNode } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import type { ConversationFolder } from '@app/contracts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { RowAction } from '../../ui/table/RowAction';
import type { ConversationListItem } from '../model/types';
import { dropTarget } from './drag';
import {
  collapsedFoldersAtom,
  deleteFolderAtom,
  fileConversationAtom,
  renameFolderAtom,
} from './filing-state';
import { filingText } from './filing-text';
import { FolderNameDialog } from './FolderNameDialog';

export interface FolderSectionProps {
  folder: ConversationFolder;
  items: readonly ConversationListItem[];
  /** Renders one conversation of the folder (the list's row). */
  renderItem: (conversation: ConversationListItem) => ReactNode;
}

/**
 * A folder of the list: its name (a button folding it open or shut, with its count), Rename and
 * Delete (confirmed: its conversations move out), its conversations; a conversation dropped on it
 * moves into it.
 */
export function FolderSection({ folder, items, renderItem }: FolderSectionProps) {
  const [collapsed, setCollapsed] = useAtom(collapsedFoldersAtom);
  const rename = useSetAtom(renameFolderAtom);
  const remove = useSetAtom(deleteFolderAtom);
  const file = useSetAtom(fileConversationAtom);
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [over, setOver] = useState(false);
  const shut = collapsed[folder.id] === true;
  const listId = `chat-folder-${folder.id}`;

  return (
    <section
      className={['chat-folder', over ? 'is-drop-target' : ''].filter(Boolean).join(' ')}
      aria-label={folder.name}
      {...dropTarget((conversationId) => void file({ conversationId, folderId: folder.id }), setOver)}
    >
      <div className="chat-folder-head">
        <button
          type="button"
          className="chat-folder-toggle"
          aria-expanded={!shut}
          aria-controls={listId}
          onClick={() => setCollapsed({ ...collapsed, [folder.id]: !shut })}
        >
          <span className="chat-folder-chevron" aria-hidden="true">
            {shut ? '▸' : '▾'}
          </span>
          <span className="chat-folder-name">{folder.name}</span>
          <span className="chat-folder-count">{items.length}</span>
        </button>
        <RowAction
          action="Rename folder"
          name={folder.name}
          className="btn btn-ghost btn-small"
          title="Rename folder"
          onClick={() => setRenaming(true)}
        >
          ✎
        </RowAction>
        <RowAction
          action="Delete folder"
          name={folder.name}
          className="btn btn-ghost btn-small btn-danger-ghost"
          title="Delete folder"
          onClick={() => setConfirming(true)}
        >
          ×
        </RowAction>
      </div>
      <ul id={listId} hidden={shut}>
        {items.map(renderItem)}
      </ul>
      {renaming && (
        <FolderNameDialog
          title={filingText.renameFolderTitle(folder.name)}
          initial={folder.name}
          submitLabel={filingText.save}
          onSubmit={async (name) => (await rename({ folderId: folder.id, name })).error}
          onClose={() => setRenaming(false)}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={filingText.deleteFolderTitle}
          message={filingText.deleteFolderMessage(folder.name)}
          confirmLabel="Delete"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void remove(folder.id);
          }}
        />
      )}
    </section>
  );
}
