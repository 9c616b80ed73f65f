import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { errorText } from '../api/http';
import { signInAtom } from './session-actions';

/** The development sign-in: an email, no password. */
export function SignInPage() {
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
    <main className="sign-in">
      <form className="sign-in-card" onSubmit={(e) => void onSubmit(e)} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className="sign-in-title">
          Sign in
        </h1>
        <p className="sign-in-lead">Development sign-in: enter the email to sign in as.</p>
        <label htmlFor="sign-in-email" className="field-label">
          Email
        </label>
        <input
          id="sign-in-email"
          className="input"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary sign-in-submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
