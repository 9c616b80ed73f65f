import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { artifactTypes, blockTexts } from '@app/contracts';
import { SelectField } from '../ui/SelectField';
import { TextAreaField, TextField } from '../ui/TextField';
import { Modal } from '../ui/Modal';
import type { Artifact, ArtifactDraft } from './artifact';
import { saveArtifactAtom } from './artifacts-state';
import { useGeneration } from './use-generation';
import { FormActions } from '../ui/DialogActions';

export interface ArtifactDialogProps {
  /** The block's fields: what the dialog opens with. */
  initial: ArtifactDraft;
  /** The artifacts the block builds on (includeArtifactsId), found in this conversation. */
  included: readonly Artifact[];
  onSaved: (saved: Artifact) => void;
  onClose: () => void;
}

/**
 * Artifact creation, opened from an ```autoArtifacts block with its fields filled in. Nothing is
 * saved until the user clicks Create (or Save revision, which keeps the artifact's id).
 */
export function ArtifactDialog({ initial, included, onSaved, onClose }: ArtifactDialogProps) {
  const [draft, setDraft] = useState<ArtifactDraft>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = useSetAtom(saveArtifactAtom);
  const generation = useGeneration();
  const revision = initial.id !== '';
  const field = <K extends keyof ArtifactDraft>(key: K, value: ArtifactDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await save(draft);
      if (result.ok) onSaved(result.saved);
      else setError(result.error);
    } catch {
      setError('The artifact could not be kept in this browser.');
    } finally {
      setBusy(false);
    }
  };

  const insertIncluded = () =>
    field('content', [draft.content, ...included.map((a) => a.content)].filter((c) => c !== '').join('\n\n'));

  return (
    <Modal
      label={revision ? `Revise artifact ${initial.id}` : 'Create artifact'}
      onDismiss={onClose}
      className="artifact-dialog"
    >
      <form className="artifact-form" onSubmit={(e) => void submit(e)}>
        <h2 className="modal-title">{revision ? `Revise artifact ${initial.id}` : 'Create artifact'}</h2>
        <TextField label="Name" value={draft.name} onChange={(v) => field('name', v)} data-autofocus />
        <TextField label="Description" value={draft.description} onChange={(v) => field('description', v)} />
        <SelectField
          label="Type"
          value={draft.type}
          options={artifactTypes}
          onChange={(type) => field('type', type)}
        />
        <TextAreaField
          label="Instructions"
          rows={3}
          value={draft.instructions}
          onChange={(v) => field('instructions', v)}
        />
        <TextAreaField
          label="Content"
          controlClassName="input artifact-content"
          rows={10}
          value={draft.content}
          onChange={(v) => field('content', v)}
        />
        <div className="chat-block-actions">
          <button
            type="button"
            className="btn"
            disabled={generation.busy || draft.instructions.trim() === ''}
            onClick={() => generation.generate(draft, included, (text) => field('content', text))}
          >
            {generation.busy ? 'Generating...' : 'Generate content'}
          </button>
        </div>
        {generation.error !== null && (
          <p role="alert" className="form-error">
            {generation.error}
          </p>
        )}
        {included.length > 0 && (
          <p className="chat-block-note">
            Builds on {included.map((a) => a.name).join(', ')}.{' '}
            <button type="button" className="btn btn-ghost btn-small" onClick={insertIncluded}>
              Insert their content
            </button>
          </p>
        )}
        {error !== null && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <FormActions
          submit={revision ? blockTexts.reviseArtifact : blockTexts.createArtifact}
          onCancel={onClose}
          disabled={busy || generation.busy}
        />
      </form>
    </Modal>
  );
}
