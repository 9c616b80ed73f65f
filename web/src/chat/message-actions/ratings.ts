import { atom } from 'jotai';
import { rateAnswer } from '../../api/feedback';
import { errorText } from '../../api/http';
import { pushToastAtom } from '../../state/toasts';

export type Rating = 'good' | 'bad';

/** The ratings the user gave in this tab, by request id. */
export const ratingsAtom = atom<Record<string, Rating>>({});

export interface RateAnswer {
  requestId: string;
  rating: Rating;
  comment?: string;
}

/** Rates an answer (Good response, Bad response, and why): shown at once, undone when the server refuses. */
export const rateAnswerAtom = atom(null, async (get, set, { requestId, rating, comment }: RateAnswer) => {
  const before = get(ratingsAtom)[requestId];
  set(ratingsAtom, { ...get(ratingsAtom), [requestId]: rating });
  try {
    const trimmed = comment?.trim() ?? '';
    await rateAnswer({ requestId, rating, ...(trimmed === '' ? {} : { comment: trimmed }) });
    return true;
  } catch (e) {
    const { [requestId]: _mine, ...rest } = get(ratingsAtom);
    set(ratingsAtom, before === undefined ? rest : { ...rest, [requestId]: before });
    set(pushToastAtom, { tone: 'error', message: errorText(e) });
    return false;
  }
});
