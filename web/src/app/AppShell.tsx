import { Suspense } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { errorText } from '../api/http';
import { signOutAtom } from '../auth/session-actions';
import { pushToastAtom } from '../state/toasts';
import { ErrorBoundary } from '../ui/error-boundary/ErrorBoundary';
import { reloadable } from '../ui/error-boundary/reloadable';
import { ViewFailed } from '../ui/error-boundary/ViewFailed';
import { uiText } from '../ui/strings';
import { adminDialogOpenAtom } from '../state/admin-status';

const adminDialog = reloadable(() => import('../admin/AdminDialog'));

export interface AppShellProps {
  email: string;
  isAdmin: boolean;
}

/** The signed-in frame: who is signed in, sign out, and the Admin Interface for admins. */
export function AppShell({ email, isAdmin }: AppShellProps) {
  const [dialogOpen, setDialogOpen] = useAtom(adminDialogOpenAtom);
  const signOut = useSetAtom(signOutAtom);
  const toast = useSetAtom(pushToastAtom);

  const onSignOut = () => {
    signOut().catch((e: unknown) => toast({ tone: 'error', message: errorText(e) }));
  };

  return (
    <div className="shell">
      <header className="shell-header">
        <span className="shell-brand">Amplify</span>
        <div className="shell-user">
          <span className="shell-email" aria-label="Signed in as">
            {email}
          </span>
          <button type="button" className="btn btn-ghost" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <main className="shell-main">
        {isAdmin ? (
          <section className="shell-card" aria-labelledby="admin-entry-title">
            <h1 id="admin-entry-title">Administration</h1>
            <p>Configure who administers the platform, feature flags and more.</p>
            <button type="button" className="btn btn-primary" onClick={() => setDialogOpen(true)}>
              Admin Interface
            </button>
          </section>
        ) : (
          <section className="shell-card">
            <p>{uiText.adminsOnlyInterface}</p>
          </section>
        )}
      </main>
      {isAdmin && dialogOpen && (
        <ErrorBoundary
          onRetry={adminDialog.reload}
          fallback={(retry) => (
            <ViewFailed what="The Admin Interface" onRetry={retry} onClose={() => setDialogOpen(false)} />
          )}
        >
          <Suspense fallback={null}>
            <adminDialog.Component />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
