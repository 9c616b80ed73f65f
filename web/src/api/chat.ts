import {
  chatRoute,
  chatStreamUrl,
  KillSwitchResponse,
  type ChatRequestInput,
  type KillSwitchRequest,
} from '@app/contracts';
import { chatErrorText } from './chat-error';
import { relayJson, relayStream } from './relay';

/** The chat answered: its body streams server-sent events. */
export interface ChatStreamOpened {
  ok: true;
  body: ReadableStream<Uint8Array>;
}

/** The chat refused or failed (a status other than 200): what the user reads, and the status. */
export interface ChatStreamRefused {
  ok: false;
  status: number;
  message: string;
}

export type ChatStreamAnswer = ChatStreamOpened | ChatStreamRefused;

const answerOf = async (response: Response): Promise<ChatStreamAnswer> => {
  if (response.status === 200 && response.body) return { ok: true, body: response.body };
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body could not be read: the status text speaks for it.
  }
  return { ok: false, status: response.status, message: chatErrorText(response.statusText, text) };
};

/** POST /api/chat: asks a model; the answer streams (network failures throw the relay's text). */
export async function postChat(request: ChatRequestInput, signal?: AbortSignal): Promise<ChatStreamAnswer> {
  const response = await relayStream('chat', chatRoute, {
    method: 'POST',
    body: request,
    ...(signal ? { signal } : {}),
  });
  return answerOf(response);
}

/**
 * GET /api/chat/stream/<requestId>: the answer of a request again, from after `lastEventId` (the
 * events already shown), then following it until it ends.
 */
export async function openChatStream(
  requestId: string,
  lastEventId: string | null,
  signal?: AbortSignal,
): Promise<ChatStreamAnswer> {
  const query = lastEventId === null ? '' : `?${new URLSearchParams({ after: lastEventId }).toString()}`;
  const response = await relayStream('chatStream', `${chatStreamUrl(requestId)}${query}`, {
    method: 'GET',
    headers: lastEventId === null ? {} : { 'last-event-id': lastEventId },
    ...(signal ? { signal } : {}),
  });
  return answerOf(response);
}

/** The kill switch: a second POST that stops a running request of ours. */
export async function postKillSwitch(requestId: string): Promise<KillSwitchResponse> {
  const body: KillSwitchRequest = { killSwitch: { requestId, value: true } };
  return (await relayJson('chat', chatRoute, KillSwitchResponse, { method: 'POST', body })).body;
}

/**
 * Reads an answer's body to its end, decoding UTF-8 across reads, and hands each read's text to
 * `onText`. Ends when the body ends; throws when the connection breaks (or `signal` aborts).
 */
export async function readBody(
  body: ReadableStream<Uint8Array>,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (text !== '') onText(text);
    }
    const rest = decoder.decode();
    if (rest !== '') onText(rest);
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
