import type { ChatChunk } from '@app/contracts';

/**
 * The chat's server-sent events, as POST /api/chat and GET /api/chat/stream/:requestId write them:
 * one event per chunk with its id (for Last-Event-ID), and a comment while waiting so proxies keep
 * the connection.
 */
export const sseEvent = (id: number, chunk: ChatChunk): string =>
  `id: ${id}\ndata: ${JSON.stringify(chunk)}\n\n`;

export const sseKeepAlive = ': keep-alive\n\n';

export const defaultKeepAliveMs = 10_000;

/** The headers of an event stream (no caching, no buffering by a proxy in front). */
export const sseHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;

/** The id a reconnecting EventSource sends (`Last-Event-ID`), or 0 when there is none or it is not one of ours. */
export const lastEventIdOf = (header: string | string[] | undefined): number => {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : 0;
};
