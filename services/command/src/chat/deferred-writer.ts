import type { ChatChunk } from '@app/contracts';
import type { ChatStreamWriter } from './streams/ports';

/**
 * A stream writer usable at once, while the store's writer is still opening: it numbers the chunks
 * as the store's writer does (1, 2, 3... in the order written) and hands them over, in that order,
 * once it is open, each after the caller has sent it on (a microtask later). So the tokens reach the
 * client without waiting for the store; keeping them for a reload follows a moment later. If the store cannot open the stream, the answer still goes to
 * the client (`onFailed` says so), it only cannot be resumed.
 */
export const deferredWriter = (
  opening: Promise<ChatStreamWriter>,
  onFailed: (e: unknown) => void,
): ChatStreamWriter => {
  let store: ChatStreamWriter | null = null;
  let failed = false;
  let ended = false;
  let written = 0;
  const waiting: ChatChunk[] = [];
  const keep = (to: ChatStreamWriter, chunk: ChatChunk) => {
    try {
      to.write(chunk);
    } catch (e) {
      onFailed(e);
    }
  };
  const ready = opening.then(
    (w) => {
      store = w;
      for (const chunk of waiting.splice(0)) w.write(chunk);
      return w;
    },
    (e: unknown) => {
      failed = true;
      waiting.length = 0;
      onFailed(e);
      return null;
    },
  );
  return {
    write: (chunk) => {
      if (ended) return 0;
      written++;
      const to = store;
      // Kept once the caller has sent it on: the client's write never waits for the store's.
      if (to) queueMicrotask(() => keep(to, chunk));
      else if (!failed) waiting.push(chunk);
      return written;
    },
    end: async () => {
      ended = true;
      const w = await ready;
      await w?.end();
    },
  };
};
