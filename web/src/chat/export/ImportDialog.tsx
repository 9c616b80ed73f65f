import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { conversationStorageLabels, conversationStorages, type ConversationStorage } from '@app/contracts';
import { errorText } from '../../api/http';
import { conversationStorageAtom } from '../../state/user-settings';
import { pushToastAtom } from '../../state/toasts';
import { FormActions } from '../../ui/DialogActions';
import { FormField } from '../../ui/FormField';
import { Modal } from '../../ui/Modal';
import { SelectField } from '../../ui/SelectField';
import { exportText } from './export-text';
import { importConversationsAtom, readChosenFile } from './file-actions';
import type { ImportProblem } from '@app/contracts';

/**
 * Import conversations: a file (ours, or ChatGPT's conversations.json) and where to keep them (the
 * user's storage setting unless changed). A file with a conversation that cannot be read imports
 * nothing: the dialog lists each one; a success says how many came in.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const defaultStorage = useAtomValue(conversationStorageAtom);
  const importFile = useSetAtom(importConversationsAtom);
  const toast = useSetAtom(pushToastAtom);
  const [file, setFile] = useState<File | null>(null);
  const [storage, setStorage] = useState<ConversationStorage>(defaultStorage);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; problems: ImportProblem[] } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (file === null) {
      setFailure({ message: exportText.chooseFile, problems: [] });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const read = await readChosenFile(file);
      if ('message' in read) {
        setFailure({ message: read.message, problems: [] });
        return;
      }
      const result = await importFile({ file: read.json, storage });
      if (!result.ok) {
        setFailure({ message: result.message, problems: result.problems });
        return;
      }
      toast({ tone: 'success', message: exportText.imported(result.imported) });
      onClose();
    } catch (e) {
      setFailure({ message: errorText(e), problems: [] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal label={exportText.importTitle} onDismiss={onClose} className="conversation-import">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="modal-title">{exportText.importTitle}</h2>
        <FormField label={exportText.fileLabel} hint={exportText.importHint}>
          {(control) => (
            <input
              {...control}
              className="input conversation-import-file"
              type="file"
              accept="application/json,.json"
              data-autofocus
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </FormField>
        <SelectField
          label={exportText.storageLabel}
          value={storage}
          options={conversationStorages}
          optionLabel={(s) => conversationStorageLabels[s]}
          onChange={setStorage}
        />
        {failure && (
          <div role="alert" className="conversation-import-failure">
            <p>{failure.message}</p>
            {failure.problems.length > 0 && (
              <ul>
                {failure.problems.slice(0, 20).map((p) => (
                  <li key={p.index}>{exportText.problem(p)}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <FormActions
          submit={busy ? exportText.importing : exportText.importButton}
          disabled={busy}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
