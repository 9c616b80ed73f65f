import { atom } from 'jotai';
import { activeConversationIdAtom } from '../../state/active-conversation';
import type { LiveAnswer } from '../model/live-answer';
import { liveAnswersAtom } from '../state/streams';

/** The answer streaming into the shown conversation, if one is: Stop (the button, Escape) ends it. */
export const streamingAnswerAtom = atom<LiveAnswer | undefined>((get) => {
  const activeId = get(activeConversationIdAtom);
  return Object.values(get(liveAnswersAtom)).find(
    (l) => l.conversationId === activeId && l.phase !== 'ended',
  );
});
