import { createHash } from 'node:crypto';
import {
  chatToolsStreamId,
  mcpChatLimits,
  mcpChatMessages,
  systemActor,
  type EventMetadata,
  type ToolApprovalChunkData,
} from '@app/contracts';
import { ConcurrencyError, DomainError, type Db } from '@app/platform';
import { handleCommand } from '../shared/handle-command';
import { loadState } from '../shared/stream-state';
import { answerOf, toolCallsDecider, type ToolCallRef, type ToolCallsCommand } from './tool-calls-decider';

/** What a running call tells its answer: its status line, and the question it asks its owner. */
export interface ToolCallNotices {
  status(summary: string): void;
  approval(question: ToolApprovalChunkData): void;
}

const silent: ToolCallNotices = { status: () => undefined, approval: () => undefined };

/** The notices the tool loop hands a call (the AI SDK's `experimental_context`), or none. */
export const noticesOf = (context: unknown): ToolCallNotices => {
  const c = context as Partial<ToolCallNotices> | undefined;
  return typeof c?.status === 'function' && typeof c.approval === 'function'
    ? (c as ToolCallNotices)
    : silent;
};

/** A signal every instance hears (the chat stop bus): publish wakes the subscribers of an id. */
export interface ToolWakes {
  publish(id: string): Promise<void>;
  subscribe(id: string, onWake: () => void): () => void;
}

/** The id a question's answer is published under (a chat id: at most 64 safe characters). */
export const toolWakeId = (requestId: string, callId: string): string =>
  `tw:${createHash('sha256').update(`${requestId}\n${callId}`).digest('hex').slice(0, 48)}`;

/** Appends to the request's tool stream, loading again when another append came first (an answer). */
export const recordToolEvent = async (
  db: Db,
  requestId: string,
  metadata: EventMetadata,
  command: ToolCallsCommand,
): Promise<void> => {
  for (let attempt = 0; ; attempt++) {
    try {
      await handleCommand(db, toolCallsDecider, chatToolsStreamId(requestId), command, { metadata });
      return;
    } catch (e) {
      if (!(e instanceof ConcurrencyError) || attempt >= 3) throw e;
    }
  }
};

const answered = async (db: Db, ref: ToolCallRef) =>
  answerOf((await loadState(db, toolCallsDecider, chatToolsStreamId(ref.requestId))).state, ref.callId);

const argumentsShown = (input: unknown): string => {
  const text = JSON.stringify(input ?? {}) ?? '{}';
  return text.length <= mcpChatLimits.argumentsShown
    ? text
    : `${text.slice(0, mcpChatLimits.argumentsShown)}…`;
};

/** Until the first of: a wake, `ms`, `signal`. */
const nextWake = (wakes: { wait: Promise<void> }, ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      resolve();
    }
    signal.addEventListener('abort', finish, { once: true });
    void wakes.wait.then(finish);
  });

/** How often the log is read again while waiting, should a wake be lost. */
const recheckMs = 5_000;

/**
 * A call that asks first: the question is recorded (`ToolApprovalAsked`) and sent in the stream, then
 * the call waits for its owner's answer (a POST that records it and wakes this instance), at most
 * `approvalWaitMs`: no answer, or the request stopped, is Deny (`ToolCallDenied`, expired, by the
 * platform). The answer is sent in the stream too. Answers 'approved' or 'denied'.
 */
export const askFirst = async (
  deps: { db: Db; wakes: ToolWakes; approvalWaitMs?: number | undefined },
  metadata: EventMetadata,
  ref: ToolCallRef,
  input: unknown,
  notices: ToolCallNotices,
  signal: AbortSignal,
): Promise<'approved' | 'denied'> => {
  let wake = () => undefined as void;
  const woken = { wait: new Promise<void>((resolve) => (wake = resolve)) };
  const unsubscribe = deps.wakes.subscribe(toolWakeId(ref.requestId, ref.callId), () => wake());
  const question = {
    callId: ref.callId,
    server: ref.serverName,
    tool: ref.tool,
    arguments: argumentsShown(input),
  };
  try {
    await recordToolEvent(deps.db, ref.requestId, metadata, { type: 'AskApproval', ref });
    notices.approval({ ...question, state: 'asked' });
    notices.status(mcpChatMessages.waiting(ref.tool, ref.serverName));
    const deadline = Date.now() + (deps.approvalWaitMs ?? mcpChatLimits.approvalWaitMs);
    let answer = await answered(deps.db, ref);
    while (answer === undefined && !signal.aborted && Date.now() < deadline) {
      await nextWake(woken, Math.min(recheckMs, deadline - Date.now()), signal);
      answer = await answered(deps.db, ref);
    }
    let expired = false;
    if (answer === undefined) {
      const system = { ...metadata, actor: systemActor };
      const expire = { type: 'ExpireApproval', requestId: ref.requestId, callId: ref.callId } as const;
      try {
        await recordToolEvent(deps.db, ref.requestId, system, expire);
        answer = 'denied';
        expired = true;
      } catch (e) {
        // Answered at the last moment: that answer stands.
        if (!(e instanceof DomainError)) throw e;
        answer = (await answered(deps.db, ref)) ?? 'denied';
      }
    }
    notices.approval({
      ...question,
      state: expired ? 'expired' : answer === 'approved' ? 'allowed' : 'denied',
    });
    return answer;
  } finally {
    unsubscribe();
  }
};
