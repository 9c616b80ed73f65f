import type { ServerResponse } from 'node:http';
import type { ChatChunk } from '@app/contracts';
import type { ChatStreamWriter } from './streams/ports';

/** How often a comment goes out while nothing else does, so proxies keep the connection open. */
export const defaultKeepAliveMs = 10_000;

/** The answer's text goes out at most once per frame of a 60 Hz screen (the first token at once). */
export const defaultFrameMs = 16;

export interface ChatSse {
  /** Keeps the chunk (for a reload to resume) and sends it to the client while it is connected. */
  send(chunk: ChatChunk): void;
  /**
   * Flushes the kept chunks and marks the stream ended, beside `alongside` (what the request's end
   * records): the answer ends once both are done, so its end still means both are.
   */
  end(alongside?: Promise<unknown>): Promise<void>;
}

/** How a chunk goes on the wire: the relay's own `id:` and `data:` lines; '' sends nothing. */
export type SseFormat = (chunk: ChatChunk, id: number) => string;

export const relayFrame: SseFormat = (chunk, id) => `id: ${id}\ndata: ${JSON.stringify(chunk)}\n\n`;

/**
 * The answer of a chat request as server-sent events: `id: <n>` (the stream writer's) and
 * `data: <json>` per chunk, `: keep-alive` while the provider is silent. When the client goes away
 * the chunks are still kept: the generation goes on, and a reload resumes from the writer.
 */
export const openSse = (
  raw: ServerResponse,
  writer: ChatStreamWriter,
  keepAliveMs: number,
  frameMs = defaultFrameMs,
  /** Another wire's events for the same chunks (the OpenAI-compatible API's); the kept chunks are the relay's. */
  format: SseFormat = relayFrame,
): ChatSse => {
  // No `connection` header of its own: the server's (`keep-alive` with `Keep-Alive: timeout=...`)
  // tells the client how long the connection stays open for its next request; a bare `keep-alive`
  // leaves the client to guess (undici closes it after 4 s, so a user's next message reconnects).
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  const connected = () => !raw.destroyed && !raw.writableEnded;
  // Armed again by every write: a comment goes out only after `keepAliveMs` of silence.
  const keepAlive = setTimeout(() => {
    if (connected()) raw.write(': keep-alive\n\n');
    keepAlive.refresh();
  }, keepAliveMs);
  keepAlive.unref();
  const write = (chunk: ChatChunk) => {
    const id = writer.write(chunk);
    const event = format(chunk, id);
    if (event !== '' && connected()) raw.write(event);
    keepAlive.refresh();
  };
  // Text is sent at the pace of a screen: a token that finds the line quiet goes out at once; what
  // follows within `frameMs` waits for the frame's end and goes out as one answer chunk. The same
  // text, no wait for a lone token, and at most one write a frame per stream however fast the model
  // (a write and its stored chunk cost more than the text they carry).
  let text = '';
  let frame: NodeJS.Timeout | undefined;
  const endOfFrame = () => {
    frame = undefined;
    if (text === '') return;
    flushText();
    frame = setTimeout(endOfFrame, frameMs);
  };
  const flushText = () => {
    if (text === '') return;
    const d = text;
    text = '';
    write({ s: 'answer', d });
  };
  const sendText = (d: string) => {
    text += d;
    if (frame) return;
    flushText();
    frame = setTimeout(endOfFrame, frameMs);
  };
  return {
    send: (chunk) => {
      if (chunk.s === 'answer') {
        sendText(chunk.d);
        return;
      }
      flushText();
      write(chunk);
    },
    end: async (alongside) => {
      flushText();
      if (frame) clearTimeout(frame);
      clearTimeout(keepAlive);
      try {
        await Promise.all([writer.end(), alongside]);
      } finally {
        if (connected()) raw.end();
      }
    },
  };
};
