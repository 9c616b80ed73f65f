import { ChatChunk } from '@app/contracts';
import { z } from 'zod';

/**
 * An answer chunk of the out-of-order mode (after `{s:'meta', m:'out_of_order'}` chunks carry
 * their place in `s`, a number): the text `d` belongs at index `s`.
 */
export const IndexedAnswerChunk = z.object({
  s: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,9}$/)]).transform(Number),
  d: z.string(),
});
export type IndexedAnswerChunk = z.infer<typeof IndexedAnswerChunk>;

export type StreamChunk = ChatChunk | IndexedAnswerChunk;

/** One event of the chat's answer: its `id` (the last one seen when it had none) and its chunk. */
export type ChatSseEvent =
  | { id: string | null; chunk: StreamChunk }
  /** A data line that is not a chunk of ours: kept out of the answer, reported for what it is. */
  | { id: string | null; invalid: string };

export interface ChatSseParser {
  /** Feeds decoded text as it arrives (an event may be split across calls); answers the events it completed. */
  push(text: string): ChatSseEvent[];
  /** The stream ended: an event not yet closed by a blank line is dropped, as the SSE standard says. */
  finish(): ChatSseEvent[];
  /** The last `id` the stream sent: what a reconnect resumes after. */
  readonly lastEventId: string | null;
}

const parseChunk = (data: string, id: string | null): ChatSseEvent => {
  let json: unknown;
  try {
    json = JSON.parse(data) as unknown;
  } catch {
    return { id, invalid: data };
  }
  const chunk = ChatChunk.safeParse(json);
  if (chunk.success) return { id, chunk: chunk.data };
  const indexed = IndexedAnswerChunk.safeParse(json);
  return indexed.success ? { id, chunk: indexed.data } : { id, invalid: data };
};

/**
 * A small server-sent events parser for the chat's answer: splits events on blank lines, ignores
 * comments (`: keep-alive`) and fields it does not know, keeps the last `id`, and parses each
 * event's data with the `ChatChunk` contract.
 */
export function createChatSseParser(initialLastEventId: string | null = null): ChatSseParser {
  let buffer = '';
  let data: string[] = [];
  let lastEventId = initialLastEventId;

  const line = (text: string, out: ChatSseEvent[]) => {
    if (text === '') {
      if (data.length > 0) out.push(parseChunk(data.join('\n'), lastEventId));
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
  };

  return {
    push(text) {
      buffer += text;
      const out: ChatSseEvent[] = [];
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end === -1) break;
        // A lone '\r' at the end may be the first half of '\r\n': wait for the next text.
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        const width = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end), out);
        buffer = buffer.slice(end + width);
      }
      return out;
    },
    finish() {
      const out: ChatSseEvent[] = [];
      if (buffer.endsWith('\r')) {
        line(buffer.slice(0, -1), out);
        buffer = '';
      }
      data = [];
      buffer = '';
      return out;
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
