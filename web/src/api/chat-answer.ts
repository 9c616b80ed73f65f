import type { ChatRequestInput } from '@app/contracts';
import { postChat, readBody } from './chat';
import { createChatSseParser, type ChatSseEvent } from './chat-sse';

/** A helper's whole answer (a repair, an artifact): its text, or why there is none. */
export type WholeAnswer =
  | { ok: true; text: string }
  /** Refused (what the user reads) or broken off by the model (`message` null). */
  | { ok: false; message: string | null };

/**
 * Asks the chat for one answer and reads it to its end: `onText` gets the answer so far as it
 * streams. Network failures throw the relay's text; an abort throws.
 */
export async function askForAnswer(
  request: ChatRequestInput,
  signal: AbortSignal,
  onText?: (soFar: string) => void,
): Promise<WholeAnswer> {
  const opened = await postChat(request, signal);
  if (!opened.ok) return { ok: false, message: opened.message };
  const parser = createChatSseParser();
  let text = '';
  let failed = false;
  const take = (events: ChatSseEvent[]) => {
    for (const event of events) {
      if (!('chunk' in event)) continue;
      const { chunk } = event;
      if (chunk.s === 'error') failed = true;
      if (chunk.s !== 'answer' || failed) continue;
      text += chunk.d;
      onText?.(text);
    }
  };
  await readBody(opened.body, (part) => take(parser.push(part)), signal);
  take(parser.finish());
  return failed ? { ok: false, message: null } : { ok: true, text };
}
