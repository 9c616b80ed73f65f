import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatLimits,
  defaultAccountId,
  chatMessages,
  chatRoute,
  ChatErrorResponse,
  KillSwitchResponse,
  type ChatRequest,
  type EventMetadata,
  type KillSwitchRequest,
} from '@app/contracts';
import type { Db, OutboundClient, SecretBox } from '@app/platform';
import type { SpendGuard } from '../spend/index';
import { acceptChat } from './accept-chat';
import { generationRequestOf } from './generation-request';
import { ChatPostBody, isKillSwitch, parseChatPost } from './chat-body';
import { endpointSourcesOf, runChat } from './chat-run';
import { deferredWriter } from './deferred-writer';
import type { EndpointPool } from '../models/index';
import { killSwitch } from './kill-switch';
import { ChatRefusal, resolveChat } from './resolve-chat';
import type { RunningChats } from './running-chats';
import { openSse } from './sse';
import type { ChatRetriever, Retrieval } from './retrieval';
import { startChatGeneration } from './retrieval-generation';
import type { ChatStreamStore, ChatStreamWriter, StopBus } from './streams/ports';
import type { StateCache } from '../shared/state-cache';
import { requestMetadata } from '../shared/command-route';
import { assistantDocumentsOf, withAssistantInstructions, type AssistantDocuments } from './assistant-chat';
import { assistantToolsOf, chatToolsFor } from './tool-ops';
import { gatedOutbound } from './gated-outbound';
import { readAhead } from './read-ahead';
import { reservationOf } from './reservation';
import { imageKeysOf, loadChatImages, type ChatImageReader } from './chat-images';

export interface ChatServiceOptions {
  db: Db;
  /** Opens the endpoints' sealed keys (and urls with credentials). */
  secrets: SecretBox;
  /** Every provider call goes through it (its streaming `fetch`). */
  outbound: OutboundClient;
  /** Keeps every chunk sent, so a reload can resume the stream. */
  streams: ChatStreamStore;
  /** Kill switches, heard by every instance. */
  stopBus: StopBus;
  /** Reserves the worst case before the provider call, settles the actual cost after. */
  spend: SpendGuard;
  /** A `: keep-alive` comment after this long without a chunk (default 10 s). */
  keepAliveMs?: number;
  /** At shutdown, how long the running generations get to record their end (default 5 s). */
  shutdownWaitMs?: number;
  /** Passages of the caller's documents for requests with `dataSources` (without: documents are ignored). */
  retrieval?: ChatRetriever;
  /** The guarded client of users' addresses: an assistant's ops are called through it (none: no tools). */
  userUrls?: OutboundClient;
  /** Reads the caller's images a request sends (the object store); none: images are refused. */
  images?: ChatImageReader;
}

/** What the chat service is given (`ChatServiceOptions`), and what it keeps for its requests. */
export interface ChatRouteDeps extends Omit<ChatServiceOptions, 'keepAliveMs' | 'shutdownWaitMs'> {
  keepAliveMs: number;
  pool: EndpointPool;
  running: RunningChats;
  /** The configuration and user streams a request reads, kept between requests. */
  cache: StateCache;
}

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
        config: { apiKeyAccess: 'chat' },
        bodyLimit: chatLimits.bodyBytes,
        schema,
        // Parsed by its shape, so a refusal names the field of the request that was meant.
        validatorCompiler: () => parseChatPost,
        errorHandler: (error, request, reply) => {
          answerError(error, request, reply);
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (isKillSwitch(body)) return stop(deps, body, (await request.actor()).email, reply);
        // The admin lookup (the actor's kind, for the log) overlaps the configuration's read: a session's
        // actor is its principal; a key's actor is known at once.
        const actor = request.actor();
        const email = request.apiKey ? (await actor).email : (request.principal ?? (await actor).email);
        const metadata = actor.then((a) => requestMetadata(request, a));
        const viaKey = request.apiKey !== null;
        return chat(deps, body, { actor: email, viaKey, metadata, reply, log: request.log });
      },
    );
  };

/** Every refusal as `{error}`: the input's (400, 413...) with its words, anything else a 500 without details. */
const answerError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
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

type ChatCall = {
  actor: string;
  /** Made with an API key (its own spend limit applies). */
  viaKey: boolean;
  /** Known once the actor's kind is (the admin lookup runs beside the configuration's read). */
  metadata: Promise<EventMetadata>;
  reply: FastifyReply;
  log: FastifyReply['log'];
};

const chat = async (deps: ChatRouteDeps, request: ChatRequest, call: ChatCall) => {
  const { reply } = call;
  const { requestId } = request.options;
  const startedAt = performance.now();
  const run = deps.running.start();
  // Subscribed before the request is recorded: a stop sent as soon as it is cannot be missed.
  const unsubscribe = deps.stopBus.subscribe(requestId, () => run.stop());
  // With documents, once the request is accepted: their passages (none: nothing more is awaited).
  let retrieval: Promise<Retrieval> | undefined;
  // An assistant's documents (its owner's files) are retrieved too, once it is resolved.
  let documents: AssistantDocuments | undefined;
  const retrieves = () =>
    deps.retrieval !== undefined && (request.dataSources.length > 0 || documents !== undefined);
  const retrieve = () =>
    deps.retrieval && retrieves()
      ? (retrieval ??= deps.retrieval(request, call.actor, documents))
      : undefined;
  try {
    const { assistantId } = request.options;
    const [resolved, metadata, ahead] = await Promise.all([
      resolveChat(
        deps.db,
        deps.cache,
        request.model,
        call.actor,
        assistantId,
        imageKeysOf(request).length > 0,
      ),
      call.metadata,
      readAhead(deps.db, deps.spend, {
        requestId,
        actor: call.actor,
        accountId: request.options.accountId ?? defaultAccountId,
        viaKey: call.viaKey,
      }),
    ]);
    if (ahead.taken) throw new ChatRefusal(chatMessages.requestIdInUse, 409);
    // The images sent (each the caller's, bounded, sniffed): a refusal here sends and records nothing.
    const images = await loadChatImages(deps.images, call.actor, request);
    if ('refused' in images) throw new ChatRefusal(images.refused);
    documents = assistantDocumentsOf(resolved);
    const sources = endpointSourcesOf(deps, resolved);
    // The assistant's ops, as tools the model may call (none without an assistant naming ops).
    const tools = await chatToolsFor({ db: deps.db, userUrls: deps.userUrls }, assistantToolsOf(resolved));
    // What the model is asked, and what it is held to: the reservation of everything it sends.
    const plain = {
      ...withAssistantInstructions(
        generationRequestOf(request, resolved.model, images.images),
        resolved.assistant,
      ),
      ...(tools ? { tools } : {}),
    };
    const reservation = reservationOf(plain, resolved.model, retrieves());
    const asked = { ...plain, budget: reservation.budget };
    // Without documents to retrieve first, the model is asked while the request is accepted: the call
    // is prepared at once and waits at the gate, which opens once its reservation is decided (a
    // refusal shuts it: nothing is sent), or at once when nothing can refuse it. With documents, it
    // is asked once the reservation is decided.
    const gate = retrieves() ? undefined : gatedOutbound(deps.outbound);
    let generation = gate
      ? startChatGeneration(asked, undefined, sources, gate.client, run.signal)
      : undefined;
    if (gate && ahead.atOnce) gate.open();
    if (!gate) sources[0]?.open().catch(() => undefined);
    let opening: Promise<ChatStreamWriter> | undefined;
    const accepted = await acceptChat(deps.db, deps.spend, {
      request,
      resolved,
      reservation,
      actor: call.actor,
      metadata,
      masterKeyId: deps.secrets.keyId,
      plan: ahead.plan,
      // Reserved (the request is ours): while it is appended and committed, its stream is opened and
      // the model is asked; its tokens are held until the commit succeeded.
      onDecided: () => {
        opening = deps.streams.open(requestId, call.actor);
        opening.catch(() => undefined);
        if (gate) gate.open();
        else generation = startChatGeneration(asked, retrieve(), sources, deps.outbound, run.signal);
      },
    }).catch(async (e: unknown) => {
      // Refused: the call waiting at the gate is never sent. Decided, then not committed: the
      // provider call is aborted, the stream ended unused.
      gate?.shut();
      generation?.cancel();
      await opening?.then((w) => w.end()).catch(() => undefined);
      throw e;
    });
    const started = generation ?? startChatGeneration(asked, retrieve(), sources, deps.outbound, run.signal);
    // The tokens go out at once; keeping them for a reload follows as soon as the stream is open.
    const writer = deferredWriter(opening ?? deps.streams.open(requestId, call.actor), (e) =>
      call.log.warn({ err: e, chatRequestId: requestId }, 'chat stream not kept: a reload cannot resume it'),
    );
    reply.hijack();
    const sse = openSse(reply.raw, writer, deps.keepAliveMs);
    const runDeps = { ...deps, logger: call.log };
    // The generation belongs to the server from here: a client that goes away does not stop it.
    await runChat(runDeps, {
      request,
      resolved,
      generation: started,
      accepted,
      metadata,
      sse,
      startedAt,
      retrieval,
    });
    return reply;
  } catch (e) {
    if (e instanceof ChatRefusal) return reply.code(e.statusCode).send({ error: e.message });
    throw e;
  } finally {
    unsubscribe();
    run.done();
  }
};
