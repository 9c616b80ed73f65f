import type { ServerResponse } from 'node:http';
import type { ChatChunk } from '@app/contracts';
import type { ChatStreamWriter } from './streams/ports';

/** How often a comment goes out while nothing else does, so proxies keep the connection open. */
export const defaultKeepAliveMs = 10_000;

export interface ChatSse {
  /** Keeps the chunk (for a reload to resume) and sends it to the client while it is connected. */
  send(chunk: ChatChunk): void;
  /** Flushes the kept chunks, marks the stream ended, ends the answer. */
  end(): Promise<void>;
}

/**
 * The answer of a chat request as server-sent events: `id: <n>` (the stream writer's) and
 * `data: <json>` per chunk, `: keep-alive` while the provider is silent. When the client goes away
 * the chunks are still kept: the generation goes on, and a reload resumes from the writer.
 */
export const openSse = (raw: ServerResponse, writer: ChatStreamWriter, keepAliveMs: number): ChatSse => {
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
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
    if (connected()) raw.write(`id: ${id}\ndata: ${JSON.stringify(chunk)}\n\n`);
    keepAlive.refresh();
  };
  // Text that arrives within one turn of the event loop goes out as one answer chunk: the same text,
  // fewer writes when the server is busy (a lone token still goes at once, on the next turn).
  let text = '';
  let flushing: NodeJS.Immediate | undefined;
  const flushText = () => {
    if (flushing) clearImmediate(flushing);
    flushing = undefined;
    if (text === '') return;
    const d = text;
    text = '';
    write({ s: 'answer', d });
  };
  return {
    send: (chunk) => {
      if (chunk.s === 'answer') {
        text += chunk.d;
        flushing ??= setImmediate(flushText);
        return;
      }
      flushText();
      write(chunk);
    },
    end: async () => {
      flushText();
      clearTimeout(keepAlive);
      try {
        await writer.end();
      } finally {
        if (connected()) raw.end();
      }
    },
  };
};
