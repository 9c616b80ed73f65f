import { atom } from 'jotai';
import { postKillSwitch } from '../../api/chat';
import { setLiveAnswerAtom, streamControllers } from '../state/streams';

/**
 * Stop: the kill switch asks the server to stop the request; its stream then ends and the answer
 * keeps what was received. When the server cannot be told, this tab stops reading.
 */
export const stopRequestAtom = atom(null, async (_get, set, requestId: string) => {
  set(setLiveAnswerAtom, requestId, (live) => ({ ...live, phase: 'stopping' }));
  try {
    const answer = await postKillSwitch(requestId);
    if (!answer.success) streamControllers.get(requestId)?.abort();
  } catch {
    streamControllers.get(requestId)?.abort();
  }
});
