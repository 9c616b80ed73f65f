import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { errorText } from '../api/http';
import { FormField } from '../ui/FormField';
import { signInAtom } from './session-actions';
import { signInText } from './sign-in-text';

/** The development sign-in: an email, no password (offered only where the server allows it). */
export function DevSignInForm() {
  const signIn = useSetAtom(signInAtom);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <form className="sign-in-form" onSubmit={(e) => void onSubmit(e)} aria-label="Development sign-in">
      <p className="sign-in-lead">{signInText.devLead}</p>
      <FormField label="Email" id="sign-in-email">
        {(field) => (
          <input
            {...field}
            className="input"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </FormField>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary sign-in-submit" disabled={busy}>
        Sign in
      </button>
    </form>
  );
}
