import { atom } from 'jotai';
import type { ChatStreamAnswer } from '../../api/chat';
import { errorText } from '../../api/http';
import { sessionEndedAtom } from '../../auth';
import { turnId } from '../model/types';
import { readInflight, ownerGone, saveInflight, setOwned, type InflightRecord } from '../storage/inflight';
import { loadConversationMessagesAtom } from '../state/conversations';
import { userEmailAtom } from '../../state/active-conversation';
import { detachedReason } from '../state/reset';
import { dropLiveAnswerAtom, liveAnswersAtom, setLiveAnswerAtom, streamControllers } from '../state/streams';
import { finishRequestAtom } from './finish-request';
import { runStream, type StreamOutcome, type StreamProgress } from './stream-runner';

export interface RunRequest {
  record: InflightRecord;
  /** This tab runs it (saves its progress, writes its answer); otherwise it follows another tab's. */
  owned: boolean;
  /** The POST's answer, for a request this tab just sent. */
  first?: Promise<ChatStreamAnswer>;
}

/** Progress saved at most this often (and every few seconds while nothing arrives). */
const saveEveryMs = 250;
const heartbeatMs = 5_000;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const endMessage = (outcome: StreamOutcome): string | null =>
  outcome.kind === 'refused' || outcome.kind === 'lost' ? outcome.message : null;

/**
 * Shows a request's answer as it streams, from this tab's POST or by reconnecting to its stream
 * (after a reload, or another tab's request); the owner saves the progress for a resume and writes
 * the answer at the end; a follower waits for the owner to write it (or takes over when it is gone).
 */
export const runRequestAtom = atom(null, async (get, set, { record, owned, first }: RunRequest) => {
  const { requestId } = record;
  if (streamControllers.has(requestId)) return;
  const controller = new AbortController();
  streamControllers.set(requestId, controller);
  const email = get(userEmailAtom);
  const userTurn = {
    id: turnId(requestId, 'user'),
    role: 'user' as const,
    content: record.question,
    requestId,
    ...(record.parentRequestId !== undefined ? { parentRequestId: record.parentRequestId } : {}),
    at: record.startedAt,
  };
  set(setLiveAnswerAtom, requestId, {
    requestId,
    conversationId: record.conversationId,
    model: record.model,
    answer: record.answer,
    phase: 'streaming',
    owned,
    userTurn,
  });

  try {
    const outcome = await readAnswer(record, owned, first, controller.signal, email, (answer) =>
      set(setLiveAnswerAtom, requestId, (live) => ({ ...live, answer })),
    );
    if (outcome.kind === 'aborted' && controller.signal.reason === detachedReason) return;
    if (outcome.kind === 'refused' && outcome.status === 401) set(sessionEndedAtom);
    const message = endMessage(outcome);
    const answer = {
      ...outcome.progress.answer,
      ended: true,
      error: outcome.progress.answer.error ?? message,
    };
    const stopped = get(liveAnswersAtom)[requestId]?.phase === 'stopping' || outcome.kind === 'aborted';
    set(setLiveAnswerAtom, requestId, (live) => ({ ...live, answer, phase: 'ended' }));
    if (owned) {
      await set(finishRequestAtom, { record, answer, stopped });
      return;
    }
    // Another tab runs it: it writes the answer; when that tab is gone, this one does.
    for (;;) {
      await wait(1_000);
      if (controller.signal.aborted) return;
      const current = readInflight(email, requestId);
      if (current === null) break;
      if (ownerGone(current)) {
        setOwned(requestId, true);
        await set(finishRequestAtom, { record: current, answer, stopped });
        return;
      }
    }
    await set(loadConversationMessagesAtom, record.conversationId, true);
    set(dropLiveAnswerAtom, requestId);
  } finally {
    // Registered until the end: a tab never follows the same request twice.
    if (streamControllers.get(requestId) === controller) streamControllers.delete(requestId);
  }
});

/**
 * Reads the answer to its end; the tab that runs the request saves its progress (throttled, and
 * every few seconds while nothing arrives, so other tabs know it is alive).
 */
async function readAnswer(
  record: InflightRecord,
  owned: boolean,
  first: Promise<ChatStreamAnswer> | undefined,
  signal: AbortSignal,
  email: string,
  onAnswer: (answer: StreamProgress['answer']) => void,
): Promise<StreamOutcome> {
  let latest: StreamProgress = { answer: record.answer, lastEventId: record.lastEventId };
  let savedAt = 0;
  const save = () => {
    savedAt = Date.now();
    saveInflight(email, { ...record, ...latest, savedAt: new Date(savedAt).toISOString() });
  };
  const heartbeat = owned ? setInterval(save, heartbeatMs) : null;
  try {
    return await runStream({
      requestId: record.requestId,
      from: latest,
      ...(first ? { first } : {}),
      signal,
      onProgress: (progress) => {
        latest = progress;
        onAnswer(progress.answer);
        if (owned && Date.now() - savedAt >= saveEveryMs) save();
      },
    });
  } catch (e) {
    return { kind: 'refused', progress: latest, message: errorText(e), status: null };
  } finally {
    if (heartbeat !== null) clearInterval(heartbeat);
  }
}
