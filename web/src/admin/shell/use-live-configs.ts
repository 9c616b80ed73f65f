import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { readModelNames } from '@app/contracts';
import { connectLive } from '../../api/live-socket';
import { liveStatusAtom } from '../actions/admin-status';
import { applyLiveChangeAtom } from '../actions/live-change';

/** While the dialog is open, other admins' saves arrive over `/live` and merge per section. */
export function useLiveConfigs(): void {
  const applyLive = useSetAtom(applyLiveChangeAtom);
  const setStatus = useSetAtom(liveStatusAtom);
  useEffect(() => {
    const connection = connectLive({
      readModels: readModelNames,
      onChanged: (message) => void applyLive(message),
      onStatus: setStatus,
      onResync: () => void applyLive(null),
    });
    return () => {
      connection.close();
      setStatus('off');
    };
  }, [applyLive, setStatus]);
}
