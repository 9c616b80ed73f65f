import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  embeddingsBodyOf,
  OpenAiEmbeddingsBody,
  OpenAiEmbeddingsRequest,
  OpenAiEmbeddingsResponse,
  OpenAiErrorResponse,
  openaiApiMessages,
  openaiEmbeddingLimits,
  openaiRoutes,
  type ChatVia,
} from '@app/contracts';
import { ChatRefusal, type ChatRouteDeps } from '../chat/index';
import { requestMetadata } from '../shared/command-route';
import { embedThrough, EmbeddingsCallFailed } from './embeddings-call';
import { resolveEmbeddingsModel } from './embeddings-model';
import { acceptEmbeddings, embeddingsCost, embeddingsTokenBound, endEmbeddings } from './embeddings-spend';
import { openaiError } from './openai-errors';
import {
  answerOpenAiError,
  callerOf,
  openaiBodyParser,
  openaiErrorResponses,
  sendRefusal,
} from './route-support';

/** A vector as OpenAI's `encoding_format: 'base64'` answers it: its float32 little-endian bytes. */
export const base64Of = (vector: readonly number[]): string => {
  const view = new DataView(new ArrayBuffer(vector.length * 4));
  vector.forEach((x, i) => view.setFloat32(i * 4, x, true));
  return Buffer.from(view.buffer).toString('base64');
};

/**
 * POST /v1/embeddings (docs/architecture.md, "The OpenAI-compatible API"): an embeddings model's
 * vectors, for an API key holding `dual_embedding` (or a signed-in session). The model is resolved
 * for the caller (404 otherwise), the request recorded and its worst case reserved by the chat's
 * spend guard before the provider is asked (a spent limit: 429, nothing sent), then the model is
 * asked through the relay's guarded client and endpoint pool, and the request ended and settled at
 * the tokens it reported (its input price).
 */
export const embeddingsRoute = (app: FastifyInstance, deps: ChatRouteDeps): void => {
  app.withTypeProvider<ZodTypeProvider>().post(
    openaiRoutes.embeddings,
    {
      preValidation: app.requireUser,
      config: { apiKeyAccess: 'dual_embedding' },
      bodyLimit: openaiEmbeddingLimits.bodyBytes,
      schema: {
        description:
          'OpenAI-compatible embeddings (an API key with `dual_embedding`): `input` one text or up to ' +
          `${openaiEmbeddingLimits.inputs} (each at most ${openaiEmbeddingLimits.inputLength} characters), ` +
          '`encoding_format` `float` or `base64`, `dimensions` passed to the model. Reserved against the ' +
          'caller’s and the key’s spend limits before the model is asked, settled at its input price, recorded ' +
          'as EmbeddingsRequested and EmbeddingsCompleted with the key. Errors `{error: {message, type, code}}`: ' +
          '400 bad input, 401 no or bad key, 403 a key without `dual_embedding`, 404 no such embeddings model ' +
          'for the caller, 413 a body over 4 MiB, 429 a spend limit reached (`Retry-After`), 502 the model failed.',
        body: OpenAiEmbeddingsRequest,
        response: { 200: OpenAiEmbeddingsResponse, ...openaiErrorResponses, 502: OpenAiErrorResponse },
      },
      validatorCompiler: openaiBodyParser(OpenAiEmbeddingsBody, embeddingsBodyOf),
      errorHandler: (error, request, reply) => {
        answerOpenAiError(error, request, reply);
      },
    },
    async (request, reply) => {
      const body = request.body;
      const email = await callerOf(request);
      const resolved = await resolveEmbeddingsModel(deps.db, deps.cache, body.model, email);
      if (!resolved)
        return reply.code(404).send(openaiError(404, openaiApiMessages.embeddingsModelNotFound(body.model)));
      const texts = typeof body.input === 'string' ? [body.input] : body.input;
      const requestId = `embd-${randomUUID()}`;
      const metadata = requestMetadata(request, await request.actor());
      const via: ChatVia = { api: 'openai', ...(request.apiKey ? { apiKeyId: request.apiKey.id } : {}) };
      request.log.info(
        { embeddingsRequestId: requestId, apiKeyId: via.apiKeyId, model: body.model, inputs: texts.length },
        'OpenAI-compatible embeddings',
      );
      const accepted = await acceptEmbeddings(deps.db, deps.spend, {
        requestId,
        model: resolved.model,
        texts,
        actor: email,
        metadata,
        via,
      }).catch((e: unknown) => {
        if (e instanceof ChatRefusal) return e;
        throw e;
      });
      if (accepted instanceof ChatRefusal) return sendRefusal(reply, accepted);
      const startedAt = performance.now();
      // A client that goes away stops the call (settled at what was reported, else nothing).
      const abort = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const end = (inputTokens: number, failure?: string) =>
        endEmbeddings(
          deps.db,
          deps.spend,
          accepted,
          {
            usage: {
              inputTokens,
              cost: Math.min(embeddingsCost(resolved.model, inputTokens), accepted.reserved),
            },
            durationMs: Math.round(performance.now() - startedAt),
          },
          failure,
        ).catch((e: unknown) =>
          request.log.error({ err: e, embeddingsRequestId: requestId }, 'embeddings end not recorded'),
        );
      try {
        const out = await embedThrough(deps, resolved, texts, body.dimensions, abort.signal);
        const tokens = out.tokens ?? embeddingsTokenBound(texts);
        await end(tokens);
        return {
          object: 'list' as const,
          data: out.embeddings.map((v, index) => ({
            object: 'embedding' as const,
            index,
            embedding: body.encoding_format === 'base64' ? base64Of(v) : v,
          })),
          model: resolved.model.id,
          usage: { prompt_tokens: tokens, total_tokens: tokens },
        };
      } catch (e) {
        if (!(e instanceof EmbeddingsCallFailed)) {
          await end(0, 'internal error');
          throw e;
        }
        await end(0, e.reason);
        return reply.code(502).send(openaiError(502, openaiApiMessages.embeddingsFailed(e.reason)));
      }
    },
  );
};
