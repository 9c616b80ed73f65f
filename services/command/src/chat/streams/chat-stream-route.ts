import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChatErrorResponse, ChatId, chatMessages, chatStreamRoute, ErrorResponse } from '@app/contracts';
import type { ChatStreamStore, StreamedChunk } from './ports';
import { defaultKeepAliveMs, lastEventIdOf, sseEvent, sseHeaders, sseKeepAlive } from './sse';

export interface ChatStreamRoutesOptions {
  store: ChatStreamStore;
  /** A `: keep-alive` comment is sent this often while waiting (default 10 s). */
  keepAliveMs?: number;
}

const ChatStreamParams = z.object({ requestId: ChatId });
const ChatStreamQuery = z.object({
  /** The last id the client has (what Last-Event-ID says; EventSource cannot send headers at first). */
  after: z.coerce.number().int().min(0).max(999_999_999).optional(),
});

/** A refused input in the platform's words (`requestId: must be...`), as the chat's `{error}`. */
const describeRefusal = (issues: readonly { instancePath: string; message?: string }[]): string =>
  issues
    .map((i) => {
      const path = i.instancePath.slice(1).split('/').join('.');
      return path ? `${path}: ${i.message ?? ''}` : (i.message ?? '');
    })
    .join('; ');

/**
 * Writes the chunks to `out` as events, a `: keep-alive` comment after `keepAliveMs` without one (as
 * the relay does); ends `out` after the last.
 */
const pump = async (
  chunks: AsyncIterable<StreamedChunk>,
  out: PassThrough,
  keepAliveMs: number,
  signal: AbortSignal,
): Promise<void> => {
  const keepAlive = setTimeout(() => {
    out.write(sseKeepAlive);
    keepAlive.refresh();
  }, keepAliveMs);
  try {
    for await (const { id, chunk } of chunks) {
      if (!out.write(sseEvent(id, chunk))) await once(out, 'drain', { signal });
      keepAlive.refresh();
    }
  } finally {
    clearTimeout(keepAlive);
    out.end();
  }
};

/** The event stream as the answer (its schema says text; the body is a stream, not serialised). */
const sendEvents = (reply: FastifyReply, out: PassThrough) => reply.headers(sseHeaders).send(out);

/**
 * GET /api/chat/stream/:requestId: what a chat request of the caller's has sent, then the rest live,
 * as the same server-sent events POST /api/chat writes; after Last-Event-ID or `?after` when given.
 * Ends with the stream's end; a client that goes away stops the following at once. Another user's
 * request, or one that is not kept (unknown, or past its retention), is 404.
 */
export const chatStreamRoutes =
  (opts: ChatStreamRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    const keepAliveMs = opts.keepAliveMs ?? defaultKeepAliveMs;
    const schema = {
      description:
        'Replays a chat request of the caller and follows it live (text/event-stream: `id: <n>` and ' +
        '`data: <chunk json>` per event, `: keep-alive` comments), after Last-Event-ID or `after`.',
      params: ChatStreamParams,
      querystring: ChatStreamQuery,
      response: {
        200: z.string().describe('text/event-stream'),
        400: ChatErrorResponse,
        401: ErrorResponse,
        404: ChatErrorResponse,
        429: ErrorResponse,
      },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        `${chatStreamRoute}/:requestId`,
        { preValidation: app.requireUser, config: { apiKeyAccess: 'chat' }, schema, attachValidation: true },
        async (request, reply) => {
          const refused: unknown = request.validationError;
          if (refused) {
            const error = hasZodFastifySchemaValidationErrors(refused)
              ? describeRefusal(refused.validation)
              : chatMessages.communicationError;
            return reply.code(400).send({ error });
          }
          const afterId = Math.max(request.query.after ?? 0, lastEventIdOf(request.headers['last-event-id']));
          const following = new AbortController();
          const chunks = await opts.store.follow(
            request.params.requestId,
            request.principal ?? '',
            afterId,
            following.signal,
          );
          if (!chunks) return reply.code(404).send({ error: chatMessages.noSuchRequest });
          // The client went away (or the answer is done): stop following at once.
          reply.raw.once('close', () => following.abort());
          const out = new PassThrough();
          pump(chunks, out, keepAliveMs, following.signal).catch((e: unknown) => {
            if (!following.signal.aborted) request.log.warn({ err: e }, 'chat stream replay failed');
          });
          return sendEvents(reply, out);
        },
      );
  };
