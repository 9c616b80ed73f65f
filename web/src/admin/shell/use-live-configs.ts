import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { readModelNames } from '@app/contracts';
import { fetchMe } from '../../api/auth';
import { connectLive, type LiveEnd } from '../../api/live-socket';
import { noLongerAdminAtom, sessionEndedAtom } from '../../auth';
import { liveStatusAtom } from '../../state/admin-status';
import { applyLiveChangeAtom } from '../actions/live-change';

/** A refused upgrade says nothing to the page: /auth/me tells whether access is what ended. */
const checkAccess = async (): Promise<LiveEnd | null> => {
  const me = await fetchMe();
  return me === null ? 'sessionEnded' : me.isAdmin ? null : 'notAdmin';
};

/**
 * While the dialog is open, other admins' saves arrive over `/live` and merge per section. When the
 * server ends the socket (session ended, no longer an admin) the app leaves the dialog.
 */
export function useLiveConfigs(): void {
  const applyLive = useSetAtom(applyLiveChangeAtom);
  const setStatus = useSetAtom(liveStatusAtom);
  const sessionEnded = useSetAtom(sessionEndedAtom);
  const noLongerAdmin = useSetAtom(noLongerAdminAtom);
  useEffect(() => {
    const connection = connectLive({
      readModels: readModelNames,
      onChanged: (message) => void applyLive(message),
      onStatus: setStatus,
      onResync: () => void applyLive(null),
      onEnded: (reason) => {
        setStatus('off');
        if (reason === 'sessionEnded') sessionEnded();
        else void noLongerAdmin();
      },
      checkAccess,
    });
    return () => {
      connection.close();
      setStatus('off');
    };
  }, [applyLive, setStatus, sessionEnded, noLongerAdmin]);
}
