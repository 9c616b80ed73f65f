import { useState, type FormEvent } from 'react';
import type { Account } from '@app/contracts';
import { FormField } from '../ui/FormField';
import { EntryPicker } from '../ui/entry-picker/EntryPicker';
import { apiKeysText } from './api-keys-text';
import { parseDelegateEntry } from './delegate-entry';
import { emptyKeyForm, hasErrors, validateKeyForm, type KeyFormErrors, type KeyFormState } from './key-form';
import { KeyFields, type KeyFormEdit } from './KeyFields';
import { FormActions } from '../ui/DialogActions';

export interface CreateKeyFormProps {
  me: string;
  accounts: readonly Account[];
  busy: boolean;
  onSubmit: (form: KeyFormState) => void;
  onCancel: () => void;
}

/** The create form: the key's fields, an optional delegate (not the user), system use. */
export function CreateKeyForm({ me, accounts, busy, onSubmit, onCancel }: CreateKeyFormProps) {
  const [form, setForm] = useState<KeyFormState>(() => emptyKeyForm(accounts[0]?.id ?? ''));
  const [errors, setErrors] = useState<KeyFormErrors>({});
  const [delegateError, setDelegateError] = useState<string | null>(null);
  const edit: KeyFormEdit = (update) => setForm(update);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateKeyForm(form, { me, now: new Date() });
    setErrors(found);
    if (!hasErrors(found)) onSubmit(form);
  };

  const delegateProblem = delegateError ?? errors.delegate;
  return (
    <form className="api-keys-form" aria-label={apiKeysText.createTitle} onSubmit={submit} noValidate>
      <h3 className="api-keys-subtitle">{apiKeysText.createTitle}</h3>
      <KeyFields form={form} errors={errors} accounts={accounts} edit={edit}>
        <FormField
          layout="check"
          className="checkbox api-keys-system"
          label="System use (a key for a system, with its own system id; no delegate)"
        >
          {(field) => (
            <input
              {...field}
              type="checkbox"
              checked={form.systemUse}
              onChange={(e) => {
                const systemUse = e.target.checked;
                setForm((f) => ({ ...f, systemUse, delegate: systemUse ? '' : f.delegate }));
              }}
            />
          )}
        </FormField>
        {!form.systemUse &&
          (form.delegate === '' ? (
            <div className="api-keys-field">
              <EntryPicker
                label="Delegate (optional)"
                placeholder="Email of the person who will use this key"
                hint="A delegated key is used by the delegate: only they see its secret."
                existing={[]}
                parse={(raw) => {
                  const parsed = parseDelegateEntry(raw, me);
                  setDelegateError(parsed.error);
                  return parsed;
                }}
                onAdd={([delegate]) => {
                  if (delegate) setForm((f) => ({ ...f, delegate }));
                }}
              />
              {delegateProblem && <p className="form-error">{delegateProblem}</p>}
            </div>
          ) : (
            <div className="api-keys-field">
              <span className="field-label">Delegate</span>
              <span className="api-keys-delegate">
                <span>{form.delegate}</span>
                <button
                  type="button"
                  className="btn btn-small btn-ghost"
                  aria-label={`Remove delegate ${form.delegate}`}
                  onClick={() => {
                    setDelegateError(null);
                    setForm((f) => ({ ...f, delegate: '' }));
                  }}
                >
                  Remove
                </button>
              </span>
            </div>
          ))}
      </KeyFields>
      <FormActions submit={busy ? 'Creating…' : 'Create key'} onCancel={onCancel} disabled={busy} />
    </form>
  );
}
