import type { ServerResponse } from 'node:http';
import type { BudgetVerdict } from '@app/platform';
import type { FastifyReply } from 'fastify';
import {
  chatMessages,
  defaultAccountId,
  identityMessages,
  platformMessages,
  type ChatRequest,
  type ChatVia,
  type EventMetadata,
} from '@app/contracts';
import { acceptChat } from './accept-chat';
import type { ClientTools } from './generation-request';
import { prepareCall } from './prepared-call';
import { speculate } from './speculative-call';
import { endpointSourcesOf, runChat } from './chat-run';
import { deferredWriter } from './deferred-writer';
import { ChatRefusal, resolveChat } from './resolve-chat';
import type { ChatSse } from './sse';
import type { Retrieval } from './retrieval';
import { startChatGeneration } from './retrieval-generation';
import type { EarlyGeneration } from './early-generation';
import type { ChatStreamWriter } from './streams/ports';
import { assistantDocumentsOf, type AssistantDocuments } from './assistant-chat';
import { assistantToolsOf, chatToolsFor } from './tool-ops';
import { mcpToolsOf } from './mcp-tools';
import { gatedOutbound } from './gated-outbound';
import { readAhead } from './read-ahead';
import { imageKeysOf, loadChatImages, type LoadedImages } from './chat-images';
import type { ChatRouteDeps } from './chat-route-deps';

/** Where an accepted request's chunks go: the relay's SSE, or another wire (the OpenAI-compatible API). */
export type OpenChatSink = (raw: ServerResponse, writer: ChatStreamWriter) => ChatSse;

export type ChatCall = {
  actor: string;
  /** Made with an API key (its own spend limit applies). */
  viaKey: boolean;
  /** Known once the actor's kind is (the admin lookup runs beside the configuration's read). */
  metadata: Promise<EventMetadata>;
  reply: FastifyReply;
  log: FastifyReply['log'];
  /** Opens the answer once the request is accepted (the reply is hijacked then). */
  openSink: OpenChatSink;
  /** The API the request came through, recorded in ChatRequested (none: the relay's own route). */
  via?: ChatVia;
  /** Lets the caller stop the request itself, as a kill switch does (the OpenAI API: its client gone). */
  stopOn?: (stop: () => void) => void;
  /** The client's own function tools and tool messages (the OpenAI-compatible API): passed to the model, never run. */
  clientTools?: ClientTools;
  /** Images the request carries itself, by the keys its messages name (the OpenAI-compatible API's data: URLs). */
  images?: LoadedImages;
  /** The verdict on the caller's request budget when the route defers it (FastifyContextConfig.deferredBudget). */
  budget?: Promise<BudgetVerdict>;
  /**
   * Whether the caller's session is in force, when the route checks it beside the first reads
   * (FastifyContextConfig.deferredSession): no means a 401, before anything is recorded or sent.
   */
  session?: Promise<boolean>;
};

/**
 * One chat request through the relay, from its resolution to its end (docs/architecture.md, "Chat"):
 * resolved, accepted (reservation and ChatRequested in one transaction), generated with failover,
 * streamed to `call.openSink`, ended with one end event and the settlement. A refusal before anything
 * is sent throws a ChatRefusal (its status and words); the caller answers it in its own shape.
 */
export const relayChat = async (deps: ChatRouteDeps, request: ChatRequest, call: ChatCall) => {
  const { reply } = call;
  const { requestId } = request.options;
  const startedAt = performance.now();
  const run = deps.running.start();
  // Subscribed before the request is recorded: a stop sent as soon as it is cannot be missed, and
  // none can have been sent before (a kill switch stops recorded requests only): nothing is looked up.
  const unsubscribe = deps.stopBus.subscribe(requestId, () => run.stop(), { lookBack: false });
  call.stopOn?.(() => run.stop());
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
  // A plain request's provider call is prepared while its reads are made (speculative-call.ts).
  const speculation = speculate(deps, request, call, run.signal);
  try {
    const { assistantId } = request.options;
    const reads = Promise.all([
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
      call.budget,
    ]);
    // The session's check comes first, whatever the reads say: a session no longer in force (taken at
    // its word to start them) is refused with nothing recorded, sent or told of what was read.
    reads.catch(() => undefined);
    if ((await call.session) === false) throw new ChatRefusal(platformMessages.signInRequired, 401);
    const [resolved, metadata, ahead, budget] = await reads;
    // One too many in the caller's budget: refused before anything is recorded or sent.
    if (budget?.spent)
      throw new ChatRefusal(
        identityMessages.tooManyRequests(budget.retryAfterSeconds),
        429,
        new Date(Date.now() + budget.retryAfterSeconds * 1000),
      );
    if (ahead.taken) throw new ChatRefusal(chatMessages.requestIdInUse, 409);
    // The images sent (each the caller's, bounded, sniffed): a refusal here sends and records nothing.
    const images = await loadChatImages(deps.images, call.actor, request, call.images);
    if ('refused' in images) throw new ChatRefusal(images.refused);
    documents = assistantDocumentsOf(resolved);
    const adopted = speculation?.adopt(resolved);
    const sources = adopted?.sources ?? endpointSourcesOf(deps, resolved);
    // What the model is asked, and what it is held to: the reservation of everything it sends.
    const { reservation, asked } =
      adopted ??
      prepareCall(request, resolved, {
        images: images.images,
        // The MCP tools the user turned on (and the assistant's), and the assistant's ops: tools the model may call.
        tools: await chatToolsFor(
          { db: deps.db, userUrls: deps.userUrls },
          assistantToolsOf(resolved),
          await mcpToolsOf(deps, request, resolved, metadata),
        ),
        clientTools: call.clientTools,
        retrieves: retrieves(),
      });
    // Without documents to retrieve first, the model is asked while the request is accepted: the call
    // is prepared at once (or was, while the reads were made) and waits at the gate, which opens once
    // its reservation is decided (a refusal shuts it: nothing is sent), or at once when nothing can
    // refuse it. With documents, it is asked once the reservation is decided.
    const gate = retrieves() ? undefined : (adopted?.gate ?? gatedOutbound(deps.outbound));
    let generation: EarlyGeneration | undefined = adopted?.generation;
    let refused = false;
    // The provider call is built on the loop's next turn, once the acceptance's statement is on its
    // way to the database: building it first would hold that statement back. Built once, whoever asks.
    const early = () =>
      gate && !refused
        ? (generation ??= startChatGeneration(asked, undefined, sources, gate.client, run.signal))
        : generation;
    if (gate) {
      if (ahead.atOnce) gate.open();
      if (!generation) setImmediate(early);
    } else sources[0]?.open().catch(() => undefined);
    let opening: Promise<ChatStreamWriter> | undefined;
    const accepted = await acceptChat(deps.db, deps.spend, {
      request,
      resolved,
      reservation,
      actor: call.actor,
      metadata,
      ...(call.via ? { via: call.via } : {}),
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
      refused = true;
      gate?.shut();
      generation?.cancel();
      await opening?.then((w) => w.end()).catch(() => undefined);
      throw e;
    });
    const started =
      (gate ? early() : generation) ??
      startChatGeneration(asked, retrieve(), sources, deps.outbound, run.signal);
    // The tokens go out at once; keeping them for a reload follows as soon as the stream is open.
    const writer = deferredWriter(opening ?? deps.streams.open(requestId, call.actor), (e) =>
      call.log.warn({ err: e, chatRequestId: requestId }, 'chat stream not kept: a reload cannot resume it'),
    );
    reply.hijack();
    const sse = call.openSink(reply.raw, writer);
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
  } finally {
    // Not adopted (refused, or another configuration was read): nothing of it is sent.
    speculation?.discard();
    unsubscribe();
    run.done();
  }
};
