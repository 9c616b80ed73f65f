import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { AuthProvidersResponse } from '@app/contracts';
import { fetchAuthProviders } from '../api/auth';
import { oidcLoginHref } from './oidc-login-href';
import { errorText } from '../api/http';
import { DevSignInForm } from './DevSignInForm';
import { signInNoticeAtom } from './session-ended';
import { signInErrorMessage, signInText, withoutSignInError } from './sign-in-text';
import './sign-in.css';

/**
 * The sign-in page: "Sign in with <provider>" when OpenID Connect is set up, the development form
 * when the server offers it, why the last sign-in was refused (`/?signInError=<code>`), and that
 * the session ended when that is why the user is here.
 */
export function SignInPage() {
  const [refusal] = useState(() => signInErrorMessage(window.location.search));
  const notice = useAtomValue(signInNoticeAtom);
  const [providers, setProviders] = useState<AuthProvidersResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(() => {
    fetchAuthProviders().then(
      (answer) => {
        setLoadError(null);
        setProviders(answer);
      },
      (e: unknown) => setLoadError(errorText(e)),
    );
  }, []);
  useEffect(load, [load]);

  useEffect(() => {
    // Shown once: a reload does not repeat an old refusal.
    const { pathname, search, hash } = window.location;
    const rest = withoutSignInError(search);
    if (rest !== search) window.history.replaceState(window.history.state, '', `${pathname}${rest}${hash}`);
  }, []);

  return (
    <main className="sign-in">
      <section className="sign-in-card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className="sign-in-title">
          {signInText.title}
        </h1>
        {notice && (
          <p role="alert" className="sign-in-notice">
            {notice}
          </p>
        )}
        {refusal && (
          <p role="alert" className="form-error">
            {refusal}
          </p>
        )}
        {loadError !== null ? (
          <>
            <p role="alert" className="form-error">
              {loadError}
            </p>
            <button type="button" className="btn" onClick={load}>
              {signInText.tryAgain}
            </button>
          </>
        ) : providers === null ? (
          <p role="status" className="sign-in-lead">
            {signInText.loading}
          </p>
        ) : (
          <>
            {providers.oidc && (
              <a className="btn btn-primary sign-in-provider" href={oidcLoginHref(window.location.pathname)}>
                {signInText.withProvider(providers.oidc.name)}
              </a>
            )}
            {providers.oidc && providers.dev && <p className="sign-in-or">{signInText.or}</p>}
            {providers.dev && <DevSignInForm />}
            {!providers.oidc && !providers.dev && <p className="sign-in-lead">{signInText.noMethod}</p>}
          </>
        )}
      </section>
    </main>
  );
}
