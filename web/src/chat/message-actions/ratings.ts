import { atom } from 'jotai';
import { fetchConversationRatings, rateAnswer } from '../../api/feedback';
import { errorText } from '../../api/http';
import { pushToastAtom } from '../../state/toasts';

export type Rating = 'good' | 'bad';

/** The ratings the user gave in this tab, by request id. */
const givenRatingsAtom = atom<Record<string, Rating>>({});

/** The user's ratings as the server kept them, for the conversations loaded in this tab, by request id. */
const savedRatingsAtom = atom<Record<string, Rating>>({});

/**
 * The rating each answer shows: what the user gave in this tab, else what the server kept (a rating
 * just given may not be in the server's read yet).
 */
export const ratingsAtom = atom((get) => ({ ...get(savedRatingsAtom), ...get(givenRatingsAtom) }));

/** Ratings the server kept (a conversation's answers' `rating`, or its ratings read), shown from now on. */
export const keepSavedRatingsAtom = atom(null, (get, set, saved: Record<string, Rating>) => {
  set(savedRatingsAtom, { ...get(savedRatingsAtom), ...saved });
});

/**
 * Reads the ratings of a conversation whose messages the server does not keep (a local one). When
 * they cannot be read (not on the server yet, offline) the buttons show none, as before a rating.
 */
export const loadSavedRatingsAtom = atom(null, async (_get, set, conversationId: string) => {
  try {
    const saved: Record<string, Rating> = {};
    for (const r of await fetchConversationRatings(conversationId)) saved[r.requestId] = r.rating;
    set(keepSavedRatingsAtom, saved);
  } catch {
    // Nothing to show: the buttons stay as they are.
  }
});

/** Forgets every rating shown (another user signs in). */
export const forgetRatingsAtom = atom(null, (_get, set) => {
  set(givenRatingsAtom, {});
  set(savedRatingsAtom, {});
});

export interface RateAnswer {
  requestId: string;
  rating: Rating;
  comment?: string;
}

/** Rates an answer (Good response, Bad response, and why): shown at once, undone when the server refuses. */
export const rateAnswerAtom = atom(null, async (get, set, { requestId, rating, comment }: RateAnswer) => {
  const before = get(givenRatingsAtom)[requestId];
  set(givenRatingsAtom, { ...get(givenRatingsAtom), [requestId]: rating });
  try {
    const trimmed = comment?.trim() ?? '';
    await rateAnswer({ requestId, rating, ...(trimmed === '' ? {} : { comment: trimmed }) });
    return true;
  } catch (e) {
    const { [requestId]: _mine, ...rest } = get(givenRatingsAtom);
    set(givenRatingsAtom, before === undefined ? rest : { ...rest, [requestId]: before });
    set(pushToastAtom, { tone: 'error', message: errorText(e) });
    return false;
  }
});
