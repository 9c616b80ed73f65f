import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { deleteAllMessages } from '@app/contracts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { conversationListAtom } from '../state/conversations';
import { deleteAllConversationsAtom } from './delete-all';

/** The account menu's 'Delete all my conversations', confirmed in a dialog that names the count. */
export function DeleteAllButton() {
  const count = useAtomValue(conversationListAtom).length;
  const deleteAll = useSetAtom(deleteAllConversationsAtom);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        role="menuitem"
        className="menu-item"
        disabled={count === 0}
        title={count === 0 ? deleteAllMessages.none : undefined}
        onClick={() => setAsking(true)}
      >
        {deleteAllMessages.menuItem}
      </button>
      {asking && (
        <ConfirmDialog
          title={deleteAllMessages.confirmTitle}
          message={deleteAllMessages.confirm(count)}
          confirmLabel={`Delete ${count}`}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void deleteAll();
          }}
        />
      )}
    </>
  );
}
