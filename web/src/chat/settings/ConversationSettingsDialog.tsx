import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { conversationSettingsLimits } from '@app/contracts';
import { errorText } from '../../api/http';
import { FormActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import { TextAreaField, TextField } from '../../ui/TextField';
import { formErrors, formOf, settingsOf, type SettingsForm } from './settings-form';
import { conversationSettingsAtom, saveSettingsAtom } from './settings-state';
import './settings.css';

const { minTemperature, maxTemperature, defaultTemperature } = conversationSettingsLimits;

/**
 * The shown conversation's settings (before the first message: the new conversation's): instructions
 * added to its system prompt, and its temperature. Save keeps them with the conversation.
 */
export function ConversationSettingsDialog({ onClose }: { onClose: () => void }) {
  const saved = useAtomValue(conversationSettingsAtom);
  const save = useSetAtom(saveSettingsAtom);
  const [form, setForm] = useState<SettingsForm>(() => formOf(saved));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = formErrors(form);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const settings = settingsOf(form);
    if (settings === null) return;
    setSaving(true);
    setFailure(null);
    try {
      await save(settings);
      onClose();
    } catch (e) {
      setFailure(errorText(e));
      setSaving(false);
    }
  };

  return (
    <Modal label="Conversation settings" onDismiss={onClose} className="conversation-settings">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="modal-title">Conversation settings</h2>
        <TextAreaField
          label="Instructions"
          className="conversation-settings-field"
          controlClassName="input conversation-settings-instructions"
          hint="Added to the system prompt of this conversation's messages."
          value={form.instructions}
          onChange={(instructions) => setForm((f) => ({ ...f, instructions }))}
          error={errors.instructions}
          rows={6}
          data-autofocus
        />
        <TextField
          label="Temperature"
          className="conversation-settings-field"
          controlClassName="input conversation-settings-temperature"
          hint={`From ${minTemperature} to ${maxTemperature}; empty: the default (${defaultTemperature}, or the assistant's).`}
          type="text"
          inputMode="decimal"
          value={form.temperature}
          onChange={(temperature) => setForm((f) => ({ ...f, temperature }))}
          error={errors.temperature}
        />
        {failure && (
          <p role="alert" className="form-error">
            {failure}
          </p>
        )}
        <FormActions submit={saving ? 'Saving…' : 'Save'} onCancel={onClose} disabled={saving} />
      </form>
    </Modal>
  );
}
