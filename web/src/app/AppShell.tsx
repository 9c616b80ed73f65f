import { Suspense, useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { errorText } from '../api/http';
import { signOutAtom } from '../auth/session-actions';
import { ChatScreen, SharePage } from '../chat';
import { sharePagePrefix } from '@app/contracts';
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

/**
 * The signed-in frame: the chat fills the screen (its sidebar's account menu holds the account's
 * entries, the Admin Interface for admins and Sign out); the Admin Interface opens over it.
 */
export function AppShell({ email, isAdmin }: AppShellProps) {
  const [dialogOpen, setDialogOpen] = useAtom(adminDialogOpenAtom);
  const signOut = useSetAtom(signOutAtom);
  const toast = useSetAtom(pushToastAtom);
  // A shared conversation's page (/share/<id>): the share's id as the path writes it, until the user leaves it.
  const [sharePath, setSharePath] = useState(() =>
    window.location.pathname.startsWith(sharePagePrefix)
      ? window.location.pathname.slice(sharePagePrefix.length)
      : null,
  );
  const leaveShare = () => {
    window.history.pushState(null, '', '/');
    setSharePath(null);
  };

  const onSignOut = () => {
    signOut().catch((e: unknown) => toast({ tone: 'error', message: errorText(e) }));
  };

  return (
    <div className="shell chat-shell">
      <DisclosureGate email={email}>
        {sharePath !== null ? (
          <SharePage shareId={sharePath} onLeave={leaveShare} />
        ) : (
          <ChatScreen account={{ onSignOut }} />
        )}
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
