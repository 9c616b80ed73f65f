import { atom } from 'jotai';
import { listInflight, ownerGone, ownsRequest, setOwned } from '../storage/inflight';
import { userEmailAtom } from '../state/conversations';
import { streamControllers } from '../state/streams';
import { runRequestAtom } from './run-request';

/**
 * The user's requests still streaming that this tab does not show yet: after a reload this tab
 * runs its own again from where they were saved; another tab's it follows; one whose tab was
 * closed it takes over.
 */
export const resumeRequestsAtom = atom(null, (get, set) => {
  for (const record of listInflight(get(userEmailAtom))) {
    if (streamControllers.has(record.requestId)) continue;
    const owned = ownsRequest(record.requestId) || ownerGone(record);
    if (owned) setOwned(record.requestId, true);
    void set(runRequestAtom, { record, owned });
  }
});
