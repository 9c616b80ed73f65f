import { useState, type FormEvent } from 'react';
import { filingLimits } from '@app/contracts';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { filingText } from './filing-text';

export interface FolderNameDialogProps {
  title: string;
  initial: string;
  submitLabel: string;
  /** Saves the name; answers the server's refusal (shown under the field), or null once saved. */
  onSubmit: (name: string) => Promise<string | null>;
  onClose: () => void;
}

/** A folder's name, new or renamed: the field, the refusal (a name taken...), Cancel and Create/Save. */
export function FolderNameDialog({ title, initial, submitLabel, onSubmit, onClose }: FolderNameDialogProps) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '' || saving) return;
    setSaving(true);
    const refused = await onSubmit(name.trim());
    setSaving(false);
    if (refused === null) onClose();
    else setError(refused);
  };

  return (
    <Modal label={title} onDismiss={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <h2 className="modal-title">{title}</h2>
        <TextField
          label={filingText.folderName}
          value={name}
          onChange={(value) => {
            setName(value);
            setError(null);
          }}
          maxLength={filingLimits.folderName}
          error={error ?? undefined}
          data-autofocus
        />
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving || name.trim() === ''}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
