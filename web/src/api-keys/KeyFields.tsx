import { useId, type ReactNode } from 'react';
import { apiKeyAccessLabels, apiKeyAccessTypes, type Account } from '@app/contracts';
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

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="form-error">
      {text}
    </p>
  ) : null;
}

/** The fields a key is created and updated with: name, description, account, rate limit, expiry, access. */
export function KeyFields({ form, errors, accounts, edit, children }: KeyFieldsProps) {
  const id = useId();
  const ids = {
    name: `${id}-name`,
    description: `${id}-description`,
    account: `${id}-account`,
    expiry: `${id}-expiry`,
    nameError: `${id}-name-error`,
    descriptionError: `${id}-description-error`,
    expiryError: `${id}-expiry-error`,
    accessError: `${id}-access-error`,
  };
  return (
    <div className="api-keys-fields">
      <div className="api-keys-field">
        <label htmlFor={ids.name} className="field-label">
          Application name
        </label>
        <input
          id={ids.name}
          className="input"
          value={form.applicationName}
          aria-invalid={errors.applicationName ? true : undefined}
          aria-describedby={errors.applicationName ? ids.nameError : undefined}
          onChange={(e) => {
            const applicationName = e.target.value;
            edit((f) => ({ ...f, applicationName }));
          }}
          data-autofocus
        />
        <FieldError id={ids.nameError} text={errors.applicationName} />
      </div>
      <div className="api-keys-field">
        <label htmlFor={ids.description} className="field-label">
          Application description
        </label>
        <textarea
          id={ids.description}
          className="input api-keys-description"
          rows={2}
          value={form.applicationDescription}
          aria-invalid={errors.applicationDescription ? true : undefined}
          aria-describedby={errors.applicationDescription ? ids.descriptionError : undefined}
          onChange={(e) => {
            const applicationDescription = e.target.value;
            edit((f) => ({ ...f, applicationDescription }));
          }}
        />
        <FieldError id={ids.descriptionError} text={errors.applicationDescription} />
      </div>
      {children}
      <div className="api-keys-field">
        <label htmlFor={ids.account} className="field-label">
          Account
        </label>
        <select
          id={ids.account}
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
      </div>
      <RateLimitSelector
        label="Rate limit"
        value={form.rateLimit}
        onChange={(update) => edit((f) => ({ ...f, rateLimit: update(f.rateLimit) }))}
      />
      <div className="api-keys-field">
        <label htmlFor={ids.expiry} className="field-label">
          Expiration date (optional)
        </label>
        <input
          id={ids.expiry}
          type="date"
          className="input api-keys-date"
          min={todayFieldValue(new Date())}
          value={form.expirationDate}
          aria-invalid={errors.expirationDate ? true : undefined}
          aria-describedby={errors.expirationDate ? ids.expiryError : undefined}
          onChange={(e) => {
            const expirationDate = e.target.value;
            edit((f) => ({ ...f, expirationDate }));
          }}
        />
        <FieldError id={ids.expiryError} text={errors.expirationDate} />
      </div>
      <fieldset
        className="api-keys-access"
        aria-describedby={errors.accessTypes ? ids.accessError : undefined}
      >
        <legend className="field-label">Access types</legend>
        {apiKeyAccessTypes.map((type) => (
          <label key={type} className="checkbox">
            <input
              type="checkbox"
              checked={form.accessTypes.includes(type)}
              onChange={(e) => {
                const on = e.target.checked;
                edit((f) => ({ ...f, accessTypes: toggleAccessType(f.accessTypes, type, on) }));
              }}
            />
            {apiKeyAccessLabels[type]}
          </label>
        ))}
        <FieldError id={ids.accessError} text={errors.accessTypes} />
      </fieldset>
    </div>
  );
}
