import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { errorText } from '../api/http';
import { SignInPage } from '../auth/SignInPage';
import { loadSessionAtom } from '../auth/session-actions';
import { useSessionEndOnUnauthorized } from '../auth/use-session-end';
import { sessionAtom } from '../state/session';
import { dismissToastAtom, toastsAtom } from '../state/toasts';
import { Toasts } from '../ui/Toasts';
import { AppShell } from './AppShell';

/** Who is signed in decides the page: the sign-in form, or the app. */
export function App() {
  const session = useAtomValue(sessionAtom);
  const loadSession = useSetAtom(loadSessionAtom);
  const toasts = useAtomValue(toastsAtom);
  const dismissToast = useSetAtom(dismissToastAtom);
  const [error, setError] = useState<string | null>(null);
  useSessionEndOnUnauthorized();

  const load = useCallback(() => {
    loadSession().then(
      () => setError(null),
      (e: unknown) => setError(errorText(e)),
    );
  }, [loadSession]);

  useEffect(load, [load]);

  return (
    <>
      {error !== null ? (
        <main className="centered">
          <p role="alert" className="form-error">
            {error}
          </p>
          <button type="button" className="btn" onClick={load}>
            Try again
          </button>
        </main>
      ) : session === undefined ? (
        <main className="centered" aria-busy="true">
          <p role="status">Loading…</p>
        </main>
      ) : session === null ? (
        <SignInPage />
      ) : (
        <AppShell email={session.email} isAdmin={session.isAdmin} />
      )}
      <Toasts toasts={toasts} onDismiss={dismissToast} />
    </>
  );
}
