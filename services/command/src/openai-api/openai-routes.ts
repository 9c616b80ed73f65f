import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatMessages,
  OpenAiChatCompletion,
  OpenAiChatRequest,
  OpenAiErrorResponse,
  OpenAiModelList,
  openaiLimits,
  openaiRoutes,
  type ChatVia,
} from '@app/contracts';
import { ChatRefusal, modelsOpenTo, relayChat, type RelayRoutes } from '../chat/index';
import { requestMetadata } from '../shared/command-route';
import { completionStreamSink, wholeCompletionSink } from './completion-sinks';
import { asOpenAiError, openaiError } from './openai-errors';
import { embeddingsRoute } from './embeddings-route';
import {
  answerOpenAiError,
  callerOf,
  openaiBodyParser,
  openaiErrorResponses as errors,
  sendRefusal,
} from './route-support';
import { relayRequestOf } from './relay-request';

/**
 * The OpenAI-compatible API (docs/architecture.md, "The OpenAI-compatible API"): `GET /v1/models` and
 * `POST /v1/chat/completions` through the relay of `POST /api/chat`, for the platform's API keys
 * holding `chat` (and signed-in sessions), and `POST /v1/embeddings` (embeddings-route.ts). Every
 * refusal in OpenAI's shape.
 */
export const openaiApiRoutes: RelayRoutes = (deps) => async (app) => {
  // Refusals answered before a handler (the identity hook, the guards, the rate limit) in OpenAI's shape.
  app.addHook('onSend', async (_request, reply, payload) =>
    reply.statusCode >= 400 && typeof payload === 'string'
      ? asOpenAiError(reply.statusCode, payload)
      : payload,
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();
  embeddingsRoute(app, deps);
  typed.get(
    openaiRoutes.models,
    {
      preValidation: app.requireUser,
      config: { apiKeyAccess: 'chat' },
      schema: {
        description: 'OpenAI-compatible: the models the caller may chat with (an API key with `chat`).',
        response: { 200: OpenAiModelList, 401: OpenAiErrorResponse, 403: OpenAiErrorResponse },
      },
    },
    async (request) => {
      const models = await modelsOpenTo(deps.db, deps.cache, await callerOf(request));
      return {
        object: 'list' as const,
        data: models.map((m) => ({
          id: m.id,
          object: 'model' as const,
          created: 0,
          owned_by: m.provider || 'platform',
        })),
      };
    },
  );
  typed.post(
    openaiRoutes.chatCompletions,
    {
      preValidation: app.requireUser,
      config: { apiKeyAccess: 'chat' },
      bodyLimit: openaiLimits.bodyBytes,
      schema: {
        description:
          'OpenAI-compatible chat completion through the chat relay (an API key with `chat`): `stream` ' +
          'true answers `chat.completion.chunk` server-sent events (a usage chunk with ' +
          '`stream_options.include_usage`) and `data: [DONE]`; false one `chat.completion`. Function `tools` ' +
          'and `tool_choice` go to the model (never run here): its calls come back as `tool_calls` ' +
          '(`finish_reason: tool_calls`), their results are sent as `tool` messages. A user message may carry images as ' +
          '`image_url` parts of base64 `data:` URLs (PNG, JPEG, GIF or WebP by their bytes, at most 5 MB each, 10 a ' +
          'message, 20 a request) for a model that takes images; an http(s) url is refused (never fetched). ' +
          'Errors `{error: {message, type, code}}`: 400 bad input, 401 no or bad key, ' +
          '403 a key without `chat`, 404 an unknown model, 413 a body over 32 MiB, 429 a spend limit ' +
          'reached (`Retry-After`), 502 the provider failed (whole answers).',
        body: OpenAiChatRequest,
        response: { 200: OpenAiChatCompletion, ...errors },
      },
      validatorCompiler: openaiBodyParser(OpenAiChatRequest),
      errorHandler: (error, request, reply) => {
        answerOpenAiError(error, request, reply);
      },
    },
    async (request, reply) => {
      const body = request.body;
      const requestId = `chatcmpl-${randomUUID()}`;
      const relayed = relayRequestOf(body, requestId);
      if (!relayed.ok) return reply.code(400).send(openaiError(400, relayed.message));
      const head = { id: requestId, model: body.model, created: Math.floor(Date.now() / 1000) };
      const actor = request.actor();
      const email = await callerOf(request);
      const metadata = actor.then((a) => requestMetadata(request, a));
      const via: ChatVia = { api: 'openai', ...(request.apiKey ? { apiKeyId: request.apiKey.id } : {}) };
      request.log.info(
        { chatRequestId: requestId, apiKeyId: via.apiKeyId, model: body.model, stream: body.stream === true },
        'OpenAI-compatible chat completion',
      );
      const openSink =
        body.stream === true
          ? completionStreamSink(head, body.stream_options?.include_usage === true, deps.keepAliveMs)
          : wholeCompletionSink(head);
      const call = {
        actor: email,
        viaKey: request.apiKey !== null,
        metadata,
        reply,
        log: request.log,
        openSink,
        via,
        ...(relayed.clientTools ? { clientTools: relayed.clientTools } : {}),
        ...(relayed.images ? { images: relayed.images } : {}),
        // As OpenAI does: a client that goes away before the end stops its answer (recorded as
        // ChatStopped, charged what was sent and streamed), where the relay's own clients resume.
        stopOn: (stop: () => void) =>
          reply.raw.on('close', () => {
            if (!reply.raw.writableFinished) stop();
          }),
      };
      return relayChat(deps, relayed.request, call).catch((e: unknown) => {
        if (!(e instanceof ChatRefusal)) throw e;
        return refuse(reply, e, body.model);
      });
    },
  );
};

/** A refusal before anything was sent: an unknown or forbidden model is 404; a spend limit a 429 with `Retry-After`. */
const refuse = (reply: FastifyReply, e: ChatRefusal, model: string) =>
  sendRefusal(reply, e, e.message === chatMessages.modelUnavailable(model) ? 404 : e.statusCode);
