import { atom } from 'jotai';
import { answerText, type AnswerState } from '../model/answer';
import { turnId, type ChatTurn } from '../model/types';
import { removeInflight, type InflightRecord } from '../storage/inflight';
import { postToTabs } from '../storage/tab-channel';
import { refreshServerConversationsAtom } from '../state/conversations';
import { userEmailAtom } from '../../state/active-conversation';
import { userLiveAtom } from '../state/live-status';
import { refreshSpendAtom } from '../state/spend';
import { dropLiveAnswerAtom } from '../state/streams';
import { storeTurnsAtom } from './store-turns';

/** The answer as the conversation keeps it: what was received, its usage, why it ended early (or was stopped). */
export const answerTurn = (record: InflightRecord, answer: AnswerState, stopped: boolean): ChatTurn => ({
  id: turnId(record.requestId, 'assistant'),
  role: 'assistant',
  content: answerText(answer),
  requestId: record.requestId,
  ...(record.parentRequestId !== undefined ? { parentRequestId: record.parentRequestId } : {}),
  at: new Date().toISOString(),
  model: record.model,
  ...(answer.usage ? { usage: answer.usage } : {}),
  ...(answer.error !== null ? { error: answer.error } : {}),
  ...(stopped || answer.stopped === 'user' ? { stopped: true } : {}),
  ...(answer.stopped !== null && answer.stopped !== 'user' ? { stopReason: answer.stopped } : {}),
  ...(answer.sources.length > 0 ? { sources: answer.sources } : {}),
});

/**
 * A request this tab ran ended: its answer goes into the conversation, the saved progress is
 * dropped, other tabs are told, and the list is fetched again when `/live` does not push it.
 */
export const finishRequestAtom = atom(
  null,
  async (
    get,
    set,
    { record, answer, stopped }: { record: InflightRecord; answer: AnswerState; stopped: boolean },
  ) => {
    const email = get(userEmailAtom);
    try {
      await set(storeTurnsAtom, {
        conversationId: record.conversationId,
        storage: record.storage,
        name: record.conversationName,
        turns: [answerTurn(record, answer, stopped)],
      });
    } finally {
      removeInflight(email, record.requestId);
      set(dropLiveAnswerAtom, record.requestId);
    }
    postToTabs({
      type: 'chatEnded',
      email,
      conversationId: record.conversationId,
      requestId: record.requestId,
    });
    // The spend is one small read: always fetched again; the list only when `/live` does not push it.
    await Promise.all([
      set(refreshSpendAtom),
      get(userLiveAtom) ? null : set(refreshServerConversationsAtom),
    ]);
  },
);
