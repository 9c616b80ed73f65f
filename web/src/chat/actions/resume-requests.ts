import { atom } from 'jotai';
import { listInflight, ownerGone, ownsRequest, setOwned } from '../storage/inflight';
import { openConversationAtom } from '../state/conversations';
import { activeConversationIdAtom, userEmailAtom } from '../../state/active-conversation';
import { streamControllers } from '../state/streams';
import { runRequestAtom } from './run-request';

/**
 * The user's requests still streaming that this tab does not show yet: after a reload this tab
 * runs its own again from where they were saved (and shows the conversation of the latest when it
 * shows none); another tab's it follows; one whose tab was closed it takes over.
 */
export const resumeRequestsAtom = atom(null, (get, set) => {
  const records = listInflight(get(userEmailAtom)).sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  for (const record of records) {
    if (streamControllers.has(record.requestId)) continue;
    const owned = ownsRequest(record.requestId) || ownerGone(record);
    // Another tab's request is followed once its answer has begun (the server knows it by then).
    if (!owned && record.lastEventId === null) continue;
    if (owned) setOwned(record.requestId, true);
    void set(runRequestAtom, { record, owned });
  }
  const latestOwn = records.filter((r) => ownsRequest(r.requestId)).at(-1);
  if (latestOwn && get(activeConversationIdAtom) === null)
    void set(openConversationAtom, latestOwn.conversationId);
});
