import { Suspense } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { errorText } from '../api/http';
import { signOutAtom } from '../auth/session-actions';
import { ChatHeaderControls, ChatScreen } from '../chat';
import { pushToastAtom } from '../state/toasts';
import { ErrorBoundary } from '../ui/error-boundary/ErrorBoundary';
import { reloadable } from '../ui/error-boundary/reloadable';
import { ViewFailed } from '../ui/error-boundary/ViewFailed';
import { adminDialogOpenAtom } from '../state/admin-status';
import { DisclosureGate } from '../disclosure/DisclosureGate';

const adminDialog = reloadable(() => import('../admin/AdminDialog'));

export interface AppShellProps {
  email: string;
  isAdmin: boolean;
}

/** The signed-in frame: the chat, the header with its controls, the Admin Interface for admins, sign out. */
export function AppShell({ email, isAdmin }: AppShellProps) {
  const [dialogOpen, setDialogOpen] = useAtom(adminDialogOpenAtom);
  const signOut = useSetAtom(signOutAtom);
  const toast = useSetAtom(pushToastAtom);

  const onSignOut = () => {
    signOut().catch((e: unknown) => toast({ tone: 'error', message: errorText(e) }));
  };

  return (
    <div className="shell chat-shell">
      <header className="shell-header">
        <span className="shell-brand">Amplify</span>
        <ChatHeaderControls />
        <div className="shell-user">
          {isAdmin && (
            <button type="button" className="btn" onClick={() => setDialogOpen(true)}>
              Admin Interface
            </button>
          )}
          <span className="shell-email" aria-label="Signed in as">
            {email}
          </span>
          <button type="button" className="btn btn-ghost" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <DisclosureGate email={email}>
        <ChatScreen />
      </DisclosureGate>
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
