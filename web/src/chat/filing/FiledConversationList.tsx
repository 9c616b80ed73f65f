import { useMemo, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { ConversationItem } from '../components/ConversationItem';
import type { ConversationListItem } from '../model/types';
import { ConversationGroups } from '../sidebar/ConversationGroups';
import { dropTarget } from './drag';
import { createFolderAtom, fileConversationAtom, filingAtom, tagFilterAtom } from './filing-state';
import { filingText } from './filing-text';
import { FolderNameDialog } from './FolderNameDialog';
import { FolderSection } from './FolderSection';
import { sidebarSections } from './sidebar-sections';
import './filing.css';

export interface FiledConversationListProps {
  conversations: readonly ConversationListItem[];
  activeId: string | null;
}

/**
 * The sidebar's list: the tag it is filtered by (if any), Pinned, the folders (New folder; each
 * folded open or shut, a conversation dropped on one moves into it), then the unfiled conversations
 * by day (a conversation dropped there moves out of its folder).
 */
export function FiledConversationList({ conversations, activeId }: FiledConversationListProps) {
  const filing = useAtomValue(filingAtom);
  const [tag, setTag] = useAtom(tagFilterAtom);
  const create = useSetAtom(createFolderAtom);
  const file = useSetAtom(fileConversationAtom);
  const [creating, setCreating] = useState(false);
  const [overUnfiled, setOverUnfiled] = useState(false);
  const sections = useMemo(() => sidebarSections(conversations, filing, tag), [conversations, filing, tag]);
  const item = (c: ConversationListItem) => (
    <ConversationItem key={c.id} conversation={c} active={c.id === activeId} />
  );

  return (
    <>
      {tag !== null && (
        <div className="chat-tag-filter" role="status">
          <span className="chat-tag-chip">{filingText.filteredBy(tag)}</span>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setTag(null)}>
            {filingText.clearFilter}
          </button>
        </div>
      )}
      {sections.pinned.length > 0 && (
        <section className="chat-group" aria-labelledby="chat-group-pinned">
          <h2 className="chat-group-label" id="chat-group-pinned">
            {filingText.pinned}
          </h2>
          <ul>{sections.pinned.map(item)}</ul>
        </section>
      )}
      <section className="chat-group chat-folders" aria-labelledby="chat-group-folders">
        <div className="chat-folders-head">
          <h2 className="chat-group-label" id="chat-group-folders">
            {filingText.folders}
          </h2>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setCreating(true)}>
            <span aria-hidden="true">+</span> {filingText.newFolder}
          </button>
        </div>
        {sections.folders.map(({ folder, items }) => (
          <FolderSection key={folder.id} folder={folder} items={items} renderItem={item} />
        ))}
      </section>
      <div
        className={['chat-unfiled', overUnfiled ? 'is-drop-target' : ''].filter(Boolean).join(' ')}
        {...dropTarget((conversationId) => void file({ conversationId, folderId: null }), setOverUnfiled)}
      >
        <ConversationGroups conversations={sections.unfiled} activeId={activeId} />
      </div>
      {creating && (
        <FolderNameDialog
          title={filingText.newFolder}
          initial=""
          submitLabel={filingText.create}
          onSubmit={async (name) => (await create(name)).error}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
