import { useId, useState } from 'react';
import { isMask } from '@app/contracts';
import { errorText } from '../../api/http';
import { needsReveal, shownValue, type Revealed } from './secret-display';
import './secret-input.css';

export interface SecretInputProps {
  /** The input's accessible name, e.g. "Value of API_KEY". */
  label: string;
  /** The value as the section holds it: a mask for a saved value, or what was typed. */
  value: string;
  onChange: (text: string) => void;
  /** Fetches the saved value in clear (an admin request the server records). */
  onReveal: () => Promise<string>;
  placeholder?: string;
  /** A saved value that is shown (revealed) but not edited here. */
  readOnly?: boolean;
  /** The id of a hint that describes the field (aria-describedby). */
  describedBy?: string;
}

/**
 * An obscured value with a Reveal / Hide toggle. A saved value is never in the page: the input is
 * empty with the mask as placeholder (typing replaces the value) until Reveal asks the server for it.
 */
export function SecretInput({
  label,
  value,
  onChange,
  onReveal,
  placeholder,
  readOnly,
  describedBy,
}: SecretInputProps) {
  const [shown, setShown] = useState(false);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const masked = isMask(value);

  const toggle = async () => {
    setError(null);
    if (shown) {
      setShown(false);
      setRevealed(null);
      return;
    }
    if (!needsReveal(value, revealed)) {
      setShown(true);
      return;
    }
    setPending(true);
    try {
      setRevealed({ forMask: value, value: await onReveal() });
      setShown(true);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="secret-input">
      <div className="secret-input-row">
        <input
          className="input secret-input-field"
          type={shown ? 'text' : 'password'}
          aria-label={label}
          value={shownValue(value, shown ? revealed : null)}
          placeholder={masked ? value : placeholder}
          title={masked && !shown ? 'Saved value, hidden. Type to replace it.' : undefined}
          autoComplete="new-password"
          spellCheck={false}
          readOnly={readOnly}
          aria-invalid={error !== null}
          aria-describedby={[describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-small secret-toggle"
          aria-label={`${shown ? 'Hide' : 'Reveal'} ${label}`}
          aria-pressed={shown}
          disabled={pending || (!masked && value === '')}
          onClick={() => void toggle()}
        >
          {pending ? 'Revealing…' : shown ? 'Hide' : 'Reveal'}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
