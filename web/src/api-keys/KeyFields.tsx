import { useId, type ReactNode } from 'react';
import { apiKeyAccessLabels, apiKeyAccessTypes, type Account } from '@app/contracts';
import { CheckField } from '../ui/CheckField';
import { FormField } from '../ui/FormField';
import { TextAreaField, TextField } from '../ui/TextField';
import { RateLimitSelector } from '../ui/rate-limit-selector/RateLimitSelector';
import { toggleAccessType, type KeyFormErrors, type KeyFormState } from './key-form';
import { todayFieldValue } from './key-format';

export type KeyFormEdit = (update: (form: KeyFormState) => KeyFormState) => void;

export interface KeyFieldsProps {
  form: KeyFormState;
  errors: KeyFormErrors;
  accounts: readonly Account[];
  edit: KeyFormEdit;
  /** Goes before the rate limit (the create form's delegate and system use). */
  children?: ReactNode;
}

/** The fields a key is created and updated with: name, description, account, rate limit, expiry, access. */
export function KeyFields({ form, errors, accounts, edit, children }: KeyFieldsProps) {
  const accessErrorId = useId();
  return (
    <div className="api-keys-fields">
      <TextField
        label="Application name"
        className="api-keys-field"
        error={errors.applicationName}
        value={form.applicationName}
        onChange={(applicationName) => edit((f) => ({ ...f, applicationName }))}
        data-autofocus
      />
      <TextAreaField
        label="Application description"
        className="api-keys-field"
        error={errors.applicationDescription}
        controlClassName="input api-keys-description"
        rows={2}
        value={form.applicationDescription}
        onChange={(applicationDescription) => edit((f) => ({ ...f, applicationDescription }))}
      />
      {children}
      <FormField label="Account" className="api-keys-field">
        {(field) => (
          <select
            {...field}
            className="input"
            value={form.accountId}
            onChange={(e) => {
              const accountId = e.target.value;
              edit((f) => ({ ...f, accountId }));
            }}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <RateLimitSelector
        label="Rate limit"
        value={form.rateLimit}
        onChange={(update) => edit((f) => ({ ...f, rateLimit: update(f.rateLimit) }))}
      />
      <TextField
        label="Expiration date (optional)"
        className="api-keys-field"
        error={errors.expirationDate}
        type="date"
        controlClassName="input api-keys-date"
        min={todayFieldValue(new Date())}
        value={form.expirationDate}
        onChange={(expirationDate) => edit((f) => ({ ...f, expirationDate }))}
      />
      <fieldset className="api-keys-access" aria-describedby={errors.accessTypes ? accessErrorId : undefined}>
        <legend className="field-label">Access types</legend>
        {apiKeyAccessTypes.map((type) => (
          <CheckField
            key={type}
            className="checkbox"
            label={apiKeyAccessLabels[type]}
            checked={form.accessTypes.includes(type)}
            onChange={(on) => edit((f) => ({ ...f, accessTypes: toggleAccessType(f.accessTypes, type, on) }))}
          />
        ))}
        {errors.accessTypes && (
          <p id={accessErrorId} className="form-error">
            {errors.accessTypes}
          </p>
        )}
      </fieldset>
    </div>
  );
}
