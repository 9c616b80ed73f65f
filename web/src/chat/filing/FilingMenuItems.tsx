import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { filingLimits } from '@app/contracts';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import {
  fileConversationAtom,
  filingAtom,
  filingOf,
  pinConversationAtom,
  tagConversationAtom,
} from './filing-state';
import { filingText } from './filing-text';
import { MenuItem, type ConversationMenuItemProps } from './menu-item';

/** Pin or Unpin: a pinned conversation shows first in the list. */
export function PinItem({ conversation }: ConversationMenuItemProps) {
  const filing = useAtomValue(filingAtom);
  const pin = useSetAtom(pinConversationAtom);
  const pinned = filingOf(filing, conversation.id).pinned;
  return (
    <MenuItem onSelect={() => void pin({ conversationId: conversation.id, pinned: !pinned })}>
      {pinned ? filingText.unpin : filingText.pin}
    </MenuItem>
  );
}

/** Move to folder…: a dialog listing 'No folder' and every folder, the current one pressed. */
export function MoveToFolderItem({ conversation, name }: ConversationMenuItemProps) {
  const filing = useAtomValue(filingAtom);
  const file = useSetAtom(fileConversationAtom);
  const [choosing, setChoosing] = useState(false);
  const current = filingOf(filing, conversation.id).folderId;
  const choices = [
    { id: null, name: filingText.noFolder },
    ...(filing?.folders ?? []).map((f) => ({ id: f.id, name: f.name })),
  ];
  const choose = (folderId: string | null) => {
    setChoosing(false);
    if (folderId !== current) void file({ conversationId: conversation.id, folderId });
  };
  return (
    <>
      <MenuItem onSelect={() => setChoosing(true)}>{filingText.moveToFolder}</MenuItem>
      {choosing && (
        <Modal label={filingText.moveTitle(name)} onDismiss={() => setChoosing(false)}>
          <h2 className="modal-title">{filingText.moveTitle(name)}</h2>
          <ul className="filing-choices">
            {choices.map((choice) => (
              <li key={choice.id ?? ''}>
                <button
                  type="button"
                  className="btn filing-choice"
                  aria-pressed={choice.id === current}
                  data-autofocus={choice.id === current ? true : undefined}
                  onClick={() => choose(choice.id)}
                >
                  {choice.name}
                </button>
              </li>
            ))}
          </ul>
          <div className="modal-actions">
            <button type="button" className="btn" onClick={() => setChoosing(false)}>
              Cancel
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

/** Tags…: a dialog with the conversation's tags (each removable) and a field to add one. */
export function TagsItem({ conversation, name }: ConversationMenuItemProps) {
  const filing = useAtomValue(filingAtom);
  const tagAs = useSetAtom(tagConversationAtom);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { tags } = filingOf(filing, conversation.id);
  const full = tags.length >= filingLimits.tagsPerConversation;

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.trim();
    if (tag === '') return;
    const { error: refused } = await tagAs({ conversationId: conversation.id, tag, tagged: true });
    setError(refused);
    if (refused === null) setDraft('');
  };

  return (
    <>
      <MenuItem onSelect={() => setEditing(true)}>{filingText.tags}</MenuItem>
      {editing && (
        <Modal label={filingText.tagsTitle(name)} onDismiss={() => setEditing(false)}>
          <h2 className="modal-title">{filingText.tagsTitle(name)}</h2>
          {tags.length === 0 ? (
            <p className="muted">{filingText.noTags}</p>
          ) : (
            <ul className="filing-tags" aria-label={filingText.tagsTitle(name)}>
              {tags.map((tag) => (
                <li key={tag} className="filing-tag">
                  <span>{tag}</span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    aria-label={filingText.removeTag(tag)}
                    title={filingText.removeTag(tag)}
                    onClick={() => void tagAs({ conversationId: conversation.id, tag, tagged: false })}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form className="filing-tag-form" onSubmit={(e) => void onAdd(e)}>
            <TextField
              label={filingText.newTag}
              value={draft}
              onChange={setDraft}
              maxLength={filingLimits.tag}
              disabled={full}
              error={error ?? undefined}
              data-autofocus
            />
            <button type="submit" className="btn" disabled={full || draft.trim() === ''}>
              {filingText.addTag}
            </button>
          </form>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" onClick={() => setEditing(false)}>
              {filingText.done}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
