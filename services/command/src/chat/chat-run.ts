import type { FastifyBaseLogger } from 'fastify';
import {
  chatMessages,
  chatStreamId,
  type ChatRequest,
  type ChatUsage,
  type EventMetadata,
} from '@app/contracts';
import type { Db, OutboundClient, SecretBox } from '@app/platform';
import { handleCommand } from '../shared/handle-command';
import type { SpendGuard, SpendRequest } from '../spend/index';
import { modelStatus, type AcceptedChat } from './accept-chat';
import { chatRequestDecider, type ChatRequestCommand } from './chat-decider';
import { failureLogFields } from '../models/index';
import type { EndpointPool, OpenedEndpoints } from '../models/index';
import type { EarlyGeneration } from './early-generation';
import type { EndpointSource, GenerationOutcome } from './generate';
import { noBoundTokens } from './call-budget';
import type { ResolvedChat } from './resolve-chat';
import type { ChatSse } from './sse';
import type { Retrieval } from './retrieval';
import { sendRetrieval } from './retrieval-generation';
import { plusBound, settledUsage, tokensUsed } from './usage';

export interface ChatRunDeps {
  db: Db;
  secrets: SecretBox;
  outbound: OutboundClient;
  spend: SpendGuard;
  pool: EndpointPool;
  /** Endpoints opened lately (their keys unwrapped), shared by the requests. */
  opened: OpenedEndpoints;
  logger: FastifyBaseLogger;
}

export interface ChatRunInput {
  request: ChatRequest;
  resolved: ResolvedChat;
  /** Started once the request was decided (startGeneration), handed its tokens here. */
  generation: EarlyGeneration;
  accepted: AcceptedChat;
  metadata: EventMetadata;
  sse: ChatSse;
  startedAt: number;
  /** The passages of the request's documents, when it has any: sent before the first answer chunk. */
  retrieval?: Promise<Retrieval> | undefined;
}

/**
 * The endpoints in this request's order, each opened (key, and url with credentials) when first
 * asked: the caller may start opening the first one early, while the request is accepted.
 */
export const endpointSourcesOf = (
  deps: Pick<ChatRunDeps, 'db' | 'secrets' | 'pool' | 'opened'>,
  resolved: ResolvedChat,
): EndpointSource[] =>
  deps.pool.order(resolved.model.id, resolved.endpoints).map((e) => {
    let opened: Promise<{ key: string; url: string }> | undefined;
    return { open: () => (opened ??= deps.opened.open(() => deps.secrets.keyring(deps.db), e)) };
  });

/**
 * The tokens used: the provider's when it finished (with the bound of endpoints before it whose
 * stream opened and broke); else the bound of what was sent and streamed by every call that reached
 * a provider, even when no text came (its input was read, its reasoning may be billed); none when
 * every endpoint refused before its stream opened. Their cost is never more than was reserved.
 */
const usageOf = (input: ChatRunInput, outcome: GenerationOutcome): ChatUsage => {
  const tokens =
    outcome.kind === 'completed'
      ? plusBound(tokensUsed(outcome.reported, outcome.bound), outcome.earlier)
      : tokensUsed(undefined, outcome.bound);
  return settledUsage(input.resolved.model, tokens, input.accepted.reserved);
};

const endCommand = (
  input: ChatRunInput,
  outcome: GenerationOutcome,
  usage: ChatUsage,
  failure: string | undefined,
): ChatRequestCommand => {
  const ending = {
    usage,
    durationMs: Math.max(0, Math.round(performance.now() - input.startedAt)),
    // A cloud conversation's answer, sealed under its data key (accept-chat.ts); else none.
    ...(input.accepted.sealAnswer ? { sealedAnswer: input.accepted.sealAnswer(outcome.answer) } : {}),
  };
  if (outcome.kind === 'completed') return { type: 'CompleteChat', ending };
  if (outcome.kind === 'stopped') return { type: 'StopChat', ending, reason: outcome.reason };
  return { type: 'FailChat', ending, message: failure ?? '' };
};

/**
 * One accepted chat request, to its end: asks the model (failing over between its endpoints), sends
 * every token as it comes, then the final status (with why it stopped, when it did), the usage and
 * the end; appends exactly one of ChatCompleted, ChatStopped, ChatFailed and settles the spend with
 * the actual cost, at most what was reserved. Never throws:
 * what cannot be recorded is logged.
 */
export const runChat = async (deps: ChatRunDeps, input: ChatRunInput): Promise<void> => {
  const { model } = input.resolved;
  const { requestId } = input.request.options;
  const log = deps.logger.child({ chatRequestId: requestId, model: model.id });
  const streamId = chatStreamId(requestId);
  const record = (command: ChatRequestCommand) =>
    handleCommand(deps.db, chatRequestDecider, streamId, command, { metadata: input.metadata });
  const { sse } = input;
  // The request's stream as the acceptance left it, while nothing else was appended to it.
  let stream: AcceptedChat['stream'] | undefined = input.accepted.stream;
  // The request's end and settlement, recorded while its kept stream is ended (never rejects).
  let recorded: Promise<void> = Promise.resolve();
  try {
    sse.send({ s: 'meta', st: modelStatus(model, true) });
    if (input.retrieval) sendRetrieval(sse, await input.retrieval);
    input.generation.attach({
      onDelta: (d) => sse.send({ s: 'answer', d }),
      onStatus: (st) => sse.send({ s: 'meta', st }),
      onApproval: (approval) => sse.send({ s: 'meta', approval }),
      onFailover: async (reason, error) => {
        log.warn(failureLogFields(error), 'chat endpoint failed before answering; trying the next one');
        const status = modelStatus(model, true, chatMessages.endpointFailedTryingNext(reason));
        sse.send({ s: 'meta', st: status });
        stream = undefined;
        await record({ type: 'ChangeStatus', status }).catch((e: unknown) =>
          log.error({ err: e }, 'chat status not recorded'),
        );
      },
      onFailure: (error) => log.warn(failureLogFields(error), 'chat provider call failed'),
    });
    const outcome = await input.generation.outcome.catch((e: unknown): GenerationOutcome => {
      log.error({ err: e }, 'chat generation failed');
      return {
        kind: 'failed',
        answer: '',
        reason: chatMessages.providerReasons.unknown,
        bound: noBoundTokens(),
      };
    });
    const usage = usageOf(input, outcome);
    const failure =
      outcome.kind === 'failed'
        ? chatMessages.providerFailed(model.name || model.id, outcome.reason)
        : undefined;
    if (failure) sse.send({ s: 'error', d: failure });
    // The calls of a client's tools (the OpenAI-compatible API), handed back for the client to run.
    if (outcome.kind === 'completed')
      for (const c of outcome.toolCalls ?? [])
        sse.send({ s: 'tool', d: { id: c.toolCallId, name: c.toolName, arguments: c.input } });
    const stopped = outcome.kind === 'stopped' ? outcome.reason : undefined;
    sse.send({
      s: 'meta',
      st: modelStatus(model, false, stopped ? chatMessages.stopReasons[stopped] : undefined),
    });
    if (stopped) sse.send({ s: 'meta', stopped });
    sse.send({ s: 'meta', usage });
    sse.send({ s: 'result', type: 'end' });
    const end = endCommand(input, outcome, usage, failure);
    const settlement = { ...input.accepted.spendRequest, amount: usage.cost, at: new Date() };
    const accepted = stream;
    recorded = (async () => {
      // With the settlement, in its one statement, when the request's stream is as accepted.
      const ended = accepted && (await endWithSettlement(deps, streamId, accepted, end, settlement));
      if (!ended)
        // Else the two streams apart (the request's, the ledgers'): recorded side by side.
        await Promise.all([
          record(end).catch((e: unknown) => log.error({ err: e }, 'chat end not recorded')),
          deps.spend
            .settle(deps.db, settlement)
            .catch((e: unknown) => log.error({ err: e }, 'chat spend not settled')),
        ]);
    })();
  } catch (e) {
    log.error({ err: e }, 'chat request failed');
  } finally {
    // The answer ends once its end is recorded and its kept stream ended, the two side by side.
    await sse.end(recorded).catch((e: unknown) => log.error({ err: e }, 'chat stream not ended'));
  }
};

/**
 * The request's end appended with its settlement (SpendGuard.settle's `alongside`), at the version
 * the acceptance left its stream at: one statement in the usual case. False, nothing recorded, when
 * that cannot be done (the stream moved on, the statement failed): the caller records both apart.
 */
const endWithSettlement = async (
  deps: Pick<ChatRunDeps, 'db' | 'spend'>,
  streamId: string,
  stream: AcceptedChat['stream'],
  end: ChatRequestCommand,
  settlement: SpendRequest,
): Promise<boolean> => {
  try {
    const events = chatRequestDecider.decide(end, stream.state);
    if (events.length === 0) return false;
    await deps.spend.settle(deps.db, settlement, {
      alongside: [{ streamId, events, expectedVersion: stream.version }],
    });
    return true;
  } catch {
    return false;
  }
};
