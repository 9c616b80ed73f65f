import { atom } from 'jotai';
import type { LiveAnswer } from '../model/live-answer';

/** Answers streaming (or just ended) in this tab, by request id. */
export const liveAnswersAtom = atom<Record<string, LiveAnswer>>({});

/** Puts a live answer in (or changes it, when `update` is a function of the current one). */
export const setLiveAnswerAtom = atom(
  null,
  (get, set, requestId: string, update: LiveAnswer | ((current: LiveAnswer) => LiveAnswer)) => {
    const all = get(liveAnswersAtom);
    const current = all[requestId];
    const next = typeof update === 'function' ? (current ? update(current) : null) : update;
    if (next) set(liveAnswersAtom, { ...all, [requestId]: next });
  },
);

export const dropLiveAnswerAtom = atom(null, (get, set, requestId: string) => {
  const { [requestId]: _gone, ...rest } = get(liveAnswersAtom);
  set(liveAnswersAtom, rest);
});

/** Aborts the reading of a request this tab runs (stop without the server, leaving the screen). */
export const streamControllers = new Map<string, AbortController>();
