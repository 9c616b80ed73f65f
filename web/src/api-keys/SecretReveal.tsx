import { useId } from 'react';
import { useCopy } from '../ui/use-copied';
import { FormField } from '../ui/FormField';
import { apiKeysText } from './api-keys-text';
import { CloseActions } from '../ui/DialogActions';

export interface SecretRevealProps {
  /** The application the key is for. */
  applicationName: string;
  /** The secret as create or rotate answered it: held by the dialog's state only, never stored. */
  secret: string;
  /** The server's words for the change (created, rotated). */
  message: string | null;
  onDone: () => void;
}

/** The new secret, shown once: read-only, a copy button, and the warning that it will not be shown again. */
export function SecretReveal({ applicationName, secret, message, onDone }: SecretRevealProps) {
  const { state, copy } = useCopy(secret);
  const noteId = useId();
  return (
    <section className="api-keys-secret" aria-label={apiKeysText.secretTitle}>
      <h3 className="api-keys-subtitle">
        {apiKeysText.secretTitle}: {applicationName}
      </h3>
      {message && (
        <p className="api-keys-notice" role="status">
          {message}
        </p>
      )}
      <p id={noteId} className="api-keys-secret-note" role="note">
        {apiKeysText.secretOnce}
      </p>
      <FormField label="Secret" describedBy={noteId}>
        {(field) => (
          <div className="api-keys-secret-row">
            <input
              {...field}
              className="input api-keys-secret-value"
              readOnly
              value={secret}
              spellCheck={false}
              autoComplete="off"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="btn" onClick={copy}>
              {state === 'copied' ? apiKeysText.copied : apiKeysText.copy}
            </button>
          </div>
        )}
      </FormField>
      {state === 'failed' && <p className="form-error">{apiKeysText.copyFailed}</p>}
      <CloseActions onClose={onDone} label="Done" />
    </section>
  );
}
