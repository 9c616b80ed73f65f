import { useSetAtom } from 'jotai';
import { Modal } from '../../ui/Modal';
import type { ConversationListItem } from '../model/types';
import { exportText } from './export-text';
import { exportConversationAtom } from './file-actions';

/** Export <name>: as JSON (every version, re-importable) or as Markdown (to read). */
export function ExportFormatDialog({
  conversation,
  name,
  onClose,
}: {
  conversation: ConversationListItem;
  name: string;
  onClose: () => void;
}) {
  const exportAs = useSetAtom(exportConversationAtom);
  const done = (format: 'json' | 'markdown') => {
    onClose();
    void exportAs({ conversation, format });
  };
  return (
    <Modal label={exportText.exportTitle(name)} onDismiss={onClose}>
      <h2 className="modal-title">{exportText.exportTitle(name)}</h2>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={() => done('markdown')}>
          {exportText.exportMarkdown}
        </button>
        <button type="button" className="btn btn-primary" data-autofocus onClick={() => done('json')}>
          {exportText.exportJson}
        </button>
      </div>
    </Modal>
  );
}
