import { useState, type FormEvent } from 'react';
import {
  apiKeyMessages,
  unlimitedRateLimit,
  type Account,
  type ApiKeyUpdate,
  type ApiKeyView,
} from '@app/contracts';
import { apiKeysText } from './api-keys-text';
import {
  hasErrors,
  keyFormOf,
  updateOf,
  validateKeyForm,
  type KeyFormErrors,
  type KeyFormState,
} from './key-form';
import { KeyFields, type KeyFormEdit } from './KeyFields';
import { FormActions } from '../ui/DialogActions';

export interface UpdateKeyFormProps {
  me: string;
  apiKey: ApiKeyView;
  accounts: readonly Account[];
  busy: boolean;
  onSubmit: (update: ApiKeyUpdate) => void;
  onCancel: () => void;
}

/** The update form of an active key: its fields as they are; only what changed is sent. */
export function UpdateKeyForm({ me, apiKey, accounts, busy, onSubmit, onCancel }: UpdateKeyFormProps) {
  const [form, setForm] = useState<KeyFormState>(() => keyFormOf(apiKey));
  const [errors, setErrors] = useState<KeyFormErrors>({});
  const [unchanged, setUnchanged] = useState(false);
  const edit: KeyFormEdit = (update) => {
    setUnchanged(false);
    setForm(update);
  };
  // The key's own account stays choosable even when it is no longer among the user's accounts.
  const choices = accounts.some((a) => a.id === apiKey.account.id)
    ? accounts
    : [...accounts, { id: apiKey.account.id, name: apiKey.account.name, rateLimit: unlimitedRateLimit() }];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A kept expiry that has passed since is not the user's doing: only a new one must be in the future.
    const found = validateKeyForm(
      {
        ...form,
        delegate: '',
        expirationDate: form.expirationDate === keyFormOf(apiKey).expirationDate ? '' : form.expirationDate,
      },
      { me, now: new Date() },
    );
    setErrors(found);
    if (hasErrors(found)) return;
    const update = updateOf(apiKey, form, choices);
    if (update === null) setUnchanged(true);
    else onSubmit(update);
  };

  const title = apiKeysText.editTitle(apiKey.applicationName);
  return (
    <form className="api-keys-form" aria-label={title} onSubmit={submit} noValidate>
      <h3 className="api-keys-subtitle">{title}</h3>
      <KeyFields form={form} errors={errors} accounts={choices} edit={edit} />
      {unchanged && (
        <p className="form-error" role="status">
          {apiKeyMessages.nothingChanged}
        </p>
      )}
      <FormActions submit={busy ? 'Saving…' : 'Save changes'} onCancel={onCancel} disabled={busy} />
    </form>
  );
}
