import { useState } from 'react';
import { useSetAtom } from 'jotai';
import type { ConversationListItem } from '../model/types';
import { ExportFormatDialog } from './ExportFormatDialog';
import { exportText } from './export-text';
import { moveConversationAtom } from './file-actions';

/** What a conversation menu entry is given (the conversation menu's item props, structurally). */
export interface FileMenuItemProps {
  conversation: ConversationListItem;
  name: string;
}

/** An entry of the conversation menu (role menuitem; choosing it closes the menu). */
const Entry = ({ onSelect, label }: { onSelect: () => void; label: string }) => (
  <button type="button" role="menuitem" tabIndex={-1} className="menu-item" onClick={onSelect}>
    {label}
  </button>
);

/** 'Export': JSON with every version, or Markdown. None for a conversation kept in another browser. */
export function ExportMenuItem({ conversation, name }: FileMenuItemProps) {
  const [choosing, setChoosing] = useState(false);
  if (conversation.elsewhere) return null;
  return (
    <>
      <Entry label={exportText.exportEntry} onSelect={() => setChoosing(true)} />
      {choosing && (
        <ExportFormatDialog conversation={conversation} name={name} onClose={() => setChoosing(false)} />
      )}
    </>
  );
}

/** 'Move to cloud' (kept in this browser) or 'Keep in this browser' (a cloud one), every version kept. */
export function MoveMenuItem({ conversation }: FileMenuItemProps) {
  const move = useSetAtom(moveConversationAtom);
  if (conversation.elsewhere) return null;
  const label = conversation.storage === 'future-local' ? exportText.moveToCloud : exportText.keepHere;
  return <Entry label={label} onSelect={() => void move(conversation)} />;
}
