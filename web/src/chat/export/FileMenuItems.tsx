import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { exportText } from './export-text';
import { exportAllAtom } from './file-actions';
import { ImportDialog } from './ImportDialog';

/** The account menu's entries for conversation files: export them all (cloud and this browser's), import some. */
export function FileMenuItems() {
  const exportAll = useSetAtom(exportAllAtom);
  const [importing, setImporting] = useState(false);
  return (
    <>
      <button type="button" role="menuitem" className="menu-item" onClick={() => void exportAll()}>
        {exportText.exportAll}
      </button>
      <button type="button" role="menuitem" className="menu-item" onClick={() => setImporting(true)}>
        {exportText.importConversations}
      </button>
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </>
  );
}
