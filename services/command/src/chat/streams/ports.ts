import type { ChatChunk } from '@app/contracts';

/**
 * What the relay needs from the infrastructure that lets a chat stream outlive its HTTP connection
 * and its process: the chunks kept (Redis when REDIS_URL is set, PostgreSQL otherwise) and a stop
 * signal every instance hears. Implemented in this folder; the relay (../) only sees these ports.
 */
export interface StreamedChunk {
  /** 1, 2, 3... in the order written: the SSE `id:` and what Last-Event-ID names. */
  id: number;
  chunk: ChatChunk;
}

export interface ChatStreamWriter {
  /** Keeps `chunk` (coalesced into small batches, flushed within a few ms); answers its id. Never throws. */
  write(chunk: ChatChunk): number;
  /** Flushes what is pending and marks the stream ended: kept for the retention, then dropped. */
  end(): Promise<void>;
}

export interface ChatStreamStore {
  /** A new stream for `requestId`, readable by `owner` (an email) only. */
  open(requestId: string, owner: string): Promise<ChatStreamWriter>;
  /**
   * The chunks after `afterId` (0: all), then the ones written later, until the stream ends or
   * `signal` aborts. Null when there is no such stream of `owner` (another user's is the same as none).
   */
  follow(
    requestId: string,
    owner: string,
    afterId: number,
    signal: AbortSignal,
  ): Promise<AsyncIterable<StreamedChunk> | null>;
  close(): Promise<void>;
}

export interface StopBus {
  /** Tells every instance (through PostgreSQL NOTIFY, or Redis when REDIS_URL is set) to stop `requestId`. */
  publish(requestId: string): Promise<void>;
  /**
   * `onStop` runs when a stop for `requestId` is published by any instance; answers an unsubscribe.
   * A stop published before is looked up once, unless `lookBack` is false: a subscriber from before
   * the request is recorded (no stop can be published for a request not recorded) reads nothing.
   */
  subscribe(requestId: string, onStop: () => void, options?: { lookBack?: boolean }): () => void;
  close(): Promise<void>;
}
