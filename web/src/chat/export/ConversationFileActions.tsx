import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { RowAction } from '../../ui/table/RowAction';
import type { ConversationListItem } from '../model/types';
import { exportText } from './export-text';
import { ExportFormatDialog } from './ExportFormatDialog';
import { moveConversationAtom } from './file-actions';

/**
 * A conversation's Export (JSON with every version, or Markdown) and its move to the other storage:
 * 'Move to cloud' for one kept in this browser, 'Keep in this browser' for a cloud one. None for a
 * conversation kept in another browser (its messages are not here).
 */
export function ConversationFileActions({
  conversation,
  name,
}: {
  conversation: ConversationListItem;
  name: string;
}) {
  const move = useSetAtom(moveConversationAtom);
  const [choosing, setChoosing] = useState(false);
  const [moving, setMoving] = useState(false);
  if (conversation.elsewhere) return null;
  const moveLabel = conversation.storage === 'future-local' ? exportText.moveToCloud : exportText.keepHere;
  return (
    <>
      <RowAction
        action="Export"
        name={name}
        className="btn btn-ghost btn-small"
        title="Export"
        onClick={() => setChoosing(true)}
      >
        ⇩
      </RowAction>
      <RowAction
        action={moveLabel}
        name={name}
        className="btn btn-ghost btn-small"
        title={moveLabel}
        disabled={moving}
        onClick={() => {
          setMoving(true);
          void move(conversation).finally(() => setMoving(false));
        }}
      >
        {conversation.storage === 'future-local' ? '☁' : '⌂'}
      </RowAction>
      {choosing && (
        <ExportFormatDialog conversation={conversation} name={name} onClose={() => setChoosing(false)} />
      )}
    </>
  );
}
