import { openChatStream, readBody, type ChatStreamAnswer } from '../../api/chat';
import { createChatSseParser } from '../../api/chat-sse';
import { applyChunk, type AnswerState } from '../model/answer';

export interface StreamProgress {
  answer: AnswerState;
  lastEventId: string | null;
}

export interface RunStreamOptions {
  requestId: string;
  /** Where the answer stands (empty for a new request; saved for a resumed one). */
  from: StreamProgress;
  /** The POST's answer for a new request; without it the stream is opened after `from.lastEventId`. */
  first?: Promise<ChatStreamAnswer>;
  signal: AbortSignal;
  /** After each read that changed the answer. */
  onProgress: (progress: StreamProgress) => void;
  /** Times the stream is opened again after its connection broke before the end (default 3). */
  reconnects?: number;
  /** Waits between reconnects (injectable for tests). */
  pause?: (ms: number) => Promise<void>;
}

export type StreamOutcome =
  | { kind: 'ended'; progress: StreamProgress }
  /** The chat refused (a status other than 200 before any answer): what the user reads. */
  | { kind: 'refused'; progress: StreamProgress; message: string; status: number | null }
  /** The connection went and could not be opened again: the answer stops with what came. */
  | { kind: 'lost'; progress: StreamProgress; message: string | null }
  | { kind: 'aborted'; progress: StreamProgress };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads a request's answer to its end: folds each event into the answer, reconnects after the
 * last event id when the connection breaks (the stream route replays what was missed), and says
 * how it ended.
 */
export async function runStream(options: RunStreamOptions): Promise<StreamOutcome> {
  const { requestId, signal, onProgress, reconnects = 3, pause = wait } = options;
  let progress = options.from;
  let pending = options.first ?? null;
  let lostMessage: string | null = null;

  for (let attempt = 0; attempt <= reconnects; attempt += 1) {
    if (signal.aborted) return { kind: 'aborted', progress };
    if (attempt > 0) await pause(500 * attempt);
    let opened: ChatStreamAnswer;
    try {
      opened = await (pending ?? openChatStream(requestId, progress.lastEventId, signal));
    } catch (e) {
      if (signal.aborted) return { kind: 'aborted', progress };
      if (pending) throw e;
      lostMessage = e instanceof Error ? e.message : String(e);
      continue;
    } finally {
      pending = null;
    }
    if (!opened.ok) {
      const isFirst = attempt === 0 && options.first !== undefined;
      if (isFirst) return { kind: 'refused', progress, message: opened.message, status: opened.status };
      // The stream may not be known yet (another tab's request just sent): try again, then give up.
      lostMessage = opened.message;
      if (opened.status === 401 || opened.status === 403) break;
      continue;
    }
    const parser = createChatSseParser(progress.lastEventId);
    try {
      await readBody(
        opened.body,
        (text) => {
          const events = parser.push(text);
          if (events.length === 0) return;
          let answer = progress.answer;
          for (const event of events) if ('chunk' in event) answer = applyChunk(answer, event.chunk);
          progress = { answer, lastEventId: parser.lastEventId };
          onProgress(progress);
        },
        signal,
      );
    } catch (e) {
      lostMessage = e instanceof Error ? e.message : String(e);
    }
    if (signal.aborted) return { kind: 'aborted', progress };
    if (progress.answer.ended) return { kind: 'ended', progress };
  }
  return { kind: 'lost', progress, message: lostMessage };
}
