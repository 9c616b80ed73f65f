import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatLimits,
  chatMessages,
  chatRoute,
  ChatErrorResponse,
  identityMessages,
  KillSwitchResponse,
  platformMessages,
  type KillSwitchRequest,
} from '@app/contracts';
import { ChatPostBody, isKillSwitch, parseChatPost } from './chat-body';
import { killSwitch } from './kill-switch';
import { ChatRefusal, retryAfterSeconds } from './resolve-chat';
import { openSse } from './sse';
import { requestMetadata } from '../shared/command-route';
import { relayChat, type OpenChatSink } from './relay';
import type { ChatRouteDeps } from './chat-route-deps';

export type { ChatRouteDeps, ChatServiceOptions } from './chat-route-deps';

const schema = {
  description:
    'A chat request (the platform relay): the answer streams as server-sent ' +
    'events (`id: <n>` and `data: <ChatChunk json>`, `: keep-alive` comments), resumable at ' +
    '`GET /api/chat/stream/<requestId>`. A body `{killSwitch: {requestId, value: true}}` stops a ' +
    'running request of the caller (200 KillSwitchResponse). A status other than 200 answers `{error}`: ' +
    '400 bad input, an unavailable model or an account that is not yours, 403 the latest Data Disclosure not accepted yet, 404 no running request of yours, 409 a requestId used ' +
    'before, 429 a spend limit reached.',
  body: ChatPostBody,
  response: {
    200: KillSwitchResponse.describe('The kill switch; a chat request answers text/event-stream'),
    400: ChatErrorResponse,
    403: ChatErrorResponse,
    404: ChatErrorResponse,
    409: ChatErrorResponse,
    413: ChatErrorResponse,
    429: ChatErrorResponse,
    500: ChatErrorResponse,
  },
};

/** POST /api/chat: a chat request streamed back, or a kill switch. Signed-in users (cookie or bearer). */
export const chatRoutePlugin =
  (deps: ChatRouteDeps): FastifyPluginAsync =>
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      chatRoute,
      {
        preValidation: app.requireUser,
        // The budget's count and the session's check overlap the request's first reads (both awaited
        // in the relay before anything is recorded or sent).
        config: { apiKeyAccess: 'chat', deferredBudget: true, deferredSession: true },
        bodyLimit: chatLimits.bodyBytes,
        schema,
        // Parsed by its shape, so a refusal names the field of the request that was meant.
        validatorCompiler: () => parseChatPost,
        errorHandler: answerAfterBudget,
      },
      async (request, reply) => {
        const body = request.body;
        if (isKillSwitch(body)) {
          if (!(await request.sessionChecked())) return answerSignedOut(reply);
          const verdict = await request.budget();
          if (verdict.spent) return answerSpent(reply, verdict.retryAfterSeconds);
          return stop(deps, body, (await request.actor()).email, reply);
        }
        // The admin lookup (the actor's kind, for the log) overlaps the configuration's read: a session's
        // actor is its principal; a key's actor is known at once.
        const actor = request.actor();
        const email = request.apiKey ? (await actor).email : (request.principal ?? (await actor).email);
        const metadata = actor.then((a) => requestMetadata(request, a));
        const viaKey = request.apiKey !== null;
        const openSink: OpenChatSink = (raw, writer) => openSse(raw, writer, deps.keepAliveMs);
        return relayChat(deps, body, {
          actor: email,
          viaKey,
          metadata,
          reply,
          log: request.log,
          openSink,
          budget: request.budget(),
          session: request.sessionChecked(),
        }).catch(async (e: unknown) => {
          if (!(e instanceof ChatRefusal)) throw e;
          if (e.statusCode === 401) return answerSignedOut(reply);
          // Refused before anything was sent: one over the budget answers 429 whatever else was wrong.
          const verdict = await request.budget();
          return verdict.spent ? answerSpent(reply, verdict.retryAfterSeconds) : answerRefusal(reply, e);
        });
      },
    );
  };

/** A refusal before anything was sent, as `{error}` (a spend limit's with `Retry-After`). */
const answerRefusal = (reply: FastifyReply, e: ChatRefusal) => {
  if (e.resetsAt) void reply.header('retry-after', retryAfterSeconds(e.resetsAt, new Date()));
  return reply.code(e.statusCode).send({ error: e.message });
};

/** A session found not in force once checked: the 401 every guarded route answers. */
const answerSignedOut = (reply: FastifyReply) =>
  reply.code(401).send({ success: false, message: platformMessages.signInRequired });

/** The budget's 429, in the route's shape with the plugin's words and `Retry-After`. */
const answerSpent = (reply: FastifyReply, retryAfterSeconds: number) =>
  reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({ error: identityMessages.tooManyRequests(retryAfterSeconds) });

/**
 * A refused request: a session not in force answers 401; else one over the caller's budget (a
 * refused body is counted too) answers 429, else its refusal.
 */
const answerAfterBudget = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  void Promise.all([request.sessionChecked(), request.budget()])
    .then(([signedIn, verdict]) => {
      if (!signedIn) void answerSignedOut(reply);
      else if (verdict.spent) void answerSpent(reply, verdict.retryAfterSeconds);
      else answerError(error, request, reply);
    })
    .catch((e: unknown) => {
      // The session or the budget could not be checked: the refusal is answered as a failure.
      request.log.error({ err: e }, 'chat refusal not checked');
      if (!reply.sent) void reply.code(500).send({ error: chatMessages.communicationError });
    });
};

/** Every refusal as `{error}`: the input's (400, 413...) with its words, anything else a 500 without details. */
const answerError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  const retryAfter = (error as { headers?: Record<string, string> }).headers?.['retry-after'];
  if (status === 429 && retryAfter) void reply.header('retry-after', retryAfter);
  if (status < 500) {
    void reply.code(status).send({ error: error.message });
    return;
  }
  request.log.error({ err: error }, 'chat request failed');
  void reply.code(500).send({ error: chatMessages.communicationError });
};

const stop = async (deps: ChatRouteDeps, body: KillSwitchRequest, email: string, reply: FastifyReply) => {
  const stopped = await killSwitch(deps, { requestId: body.killSwitch.requestId, email });
  return stopped
    ? reply.code(200).send({ success: true, message: chatMessages.stopRequested })
    : reply.code(404).send({ error: chatMessages.noSuchRequest });
};
