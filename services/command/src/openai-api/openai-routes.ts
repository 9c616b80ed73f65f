import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatLimits,
  chatMessages,
  OpenAiChatCompletion,
  OpenAiChatRequest,
  OpenAiErrorResponse,
  OpenAiModelList,
  openaiRoutes,
  type ChatVia,
} from '@app/contracts';
import {
  ChatRefusal,
  describeIssues,
  modelsOpenTo,
  relayChat,
  retryAfterSeconds,
  type RelayRoutes,
} from '../chat/index';
import { requestMetadata } from '../shared/command-route';
import { completionStreamSink, wholeCompletionSink } from './completion-sinks';
import { asOpenAiError, openaiError } from './openai-errors';
import { relayRequestOf } from './relay-request';

const errors = {
  400: OpenAiErrorResponse,
  401: OpenAiErrorResponse,
  403: OpenAiErrorResponse,
  404: OpenAiErrorResponse,
  409: OpenAiErrorResponse,
  413: OpenAiErrorResponse,
  429: OpenAiErrorResponse,
  500: OpenAiErrorResponse,
};

/** The body refused by its schema (400), its issues named by field. */
class OpenAiBodyError extends Error {
  readonly statusCode = 400;
}

const parseBody = (body: unknown) => {
  const parsed = OpenAiChatRequest.safeParse(body);
  return parsed.success
    ? { value: parsed.data }
    : { error: new OpenAiBodyError(describeIssues(parsed.error)) };
};

const answerError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status < 500) {
    void reply.code(status).send(openaiError(status, error.message));
    return;
  }
  request.log.error({ err: error }, 'OpenAI-compatible request failed');
  void reply.code(500).send(openaiError(500, chatMessages.communicationError));
};

/** The caller's email: the key's (its delegate, else its owner) or the session's. */
const callerOf = async (request: FastifyRequest): Promise<string> =>
  request.apiKey ? (await request.actor()).email : (request.principal ?? (await request.actor()).email);

/**
 * The OpenAI-compatible API (docs/architecture.md, "The OpenAI-compatible API"): `GET /v1/models` and
 * `POST /v1/chat/completions` through the relay of `POST /api/chat`, for the platform's API keys
 * holding `chat` (and signed-in sessions). Every refusal in OpenAI's shape.
 */
export const openaiApiRoutes: RelayRoutes = (deps) => async (app) => {
  // Refusals answered before a handler (the identity hook, the guards, the rate limit) in OpenAI's shape.
  app.addHook('onSend', async (_request, reply, payload) =>
    reply.statusCode >= 400 && typeof payload === 'string'
      ? asOpenAiError(reply.statusCode, payload)
      : payload,
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();
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
      bodyLimit: chatLimits.bodyBytes,
      schema: {
        description:
          'OpenAI-compatible chat completion through the chat relay (an API key with `chat`): `stream` ' +
          'true answers `chat.completion.chunk` server-sent events (a usage chunk with ' +
          '`stream_options.include_usage`) and `data: [DONE]`; false one `chat.completion`. Function `tools` ' +
          'and `tool_choice` go to the model (never run here): its calls come back as `tool_calls` ' +
          '(`finish_reason: tool_calls`), their results are sent as `tool` messages. Errors `{error: {message, type, code}}`: 400 bad input, 401 no or bad key, ' +
          '403 a key without `chat`, 404 an unknown model, 413 a body over 4 MiB, 429 a spend limit ' +
          'reached (`Retry-After`), 502 the provider failed (whole answers).',
        body: OpenAiChatRequest,
        response: { 200: OpenAiChatCompletion, ...errors },
      },
      validatorCompiler: () => parseBody,
      errorHandler: (error, request, reply) => {
        answerError(error, request, reply);
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
const refuse = (reply: FastifyReply, e: ChatRefusal, model: string) => {
  const status = e.message === chatMessages.modelUnavailable(model) ? 404 : e.statusCode;
  if (e.resetsAt) void reply.header('retry-after', retryAfterSeconds(e.resetsAt, new Date()));
  return reply.code(status).send(openaiError(status, e.message));
};
