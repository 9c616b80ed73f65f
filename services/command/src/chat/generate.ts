import type { LanguageModelV3ToolCall } from '@ai-sdk/provider';
import type { ChatStatus, ChatStopReason, ToolApprovalChunkData } from '@app/contracts';
import type { OutboundClient } from '@app/platform';
import { addBound, boundCost, noBoundTokens, type BoundTokens } from './call-budget';
import { failureReason } from '../models/index';
import { emptyAnswer, streamAnswer, type StreamedAnswer } from './model-stream';
import { languageModelFor, type OpenedEndpoint } from '../models/index';
import type { ReportedUsage } from './usage';
import { streamWithTools } from './tool-loop';
import type { GenerationRequest } from './generation-request';

/** An endpoint whose key (and url with credentials) is opened only when it is tried. */
export interface EndpointSource {
  open(): Promise<OpenedEndpoint>;
}

export interface GenerationHooks {
  onDelta(text: string): void;
  /** An endpoint failed before its first token; the next one is tried. */
  onFailover(reason: string, error: unknown): Promise<void>;
  /** The call failed for good (after the first token, or at the last endpoint). */
  onFailure?(error: unknown): void;
  /** The status line of a tool call ('Calling <op>...'): while it runs, then done. */
  onStatus?(status: ChatStatus): void;
  /** An MCP call that asks first: its question, then its answer. */
  onApproval?(approval: ToolApprovalChunkData): void;
}

/**
 * Every outcome carries the bound of what was sent and streamed by the calls that reached a
 * provider (what a stopped or failed answer is charged; zero when every endpoint refused). A
 * completed one is charged its provider's usage, plus `earlier`: the bound of endpoints before it
 * whose stream opened and broke before answering.
 */
export type GenerationOutcome =
  | {
      kind: 'completed';
      answer: string;
      /** The client's tools the model called (the OpenAI-compatible API), in order. */
      toolCalls?: LanguageModelV3ToolCall[] | undefined;
      reported: ReportedUsage | undefined;
      bound: BoundTokens;
      earlier?: BoundTokens | undefined;
    }
  | { kind: 'stopped'; answer: string; reason: ChatStopReason; bound: BoundTokens }
  | { kind: 'failed'; answer: string; reason: string; bound: BoundTokens };

/** `notStarted`'s bound: zero when the call was refused, what was sent when its stream opened. */
type Attempt =
  | Exclude<GenerationOutcome, { kind: 'failed' }>
  | { kind: 'broken'; answer: string; error: unknown; bound: BoundTokens }
  | { kind: 'notStarted'; error: unknown; bound: BoundTokens };

const attempt = async (
  request: GenerationRequest,
  source: EndpointSource,
  outbound: OutboundClient,
  signal: AbortSignal,
  onDelta: (text: string) => void,
  onStatus: (status: ChatStatus) => void = () => undefined,
  onApproval: (approval: ToolApprovalChunkData) => void = () => undefined,
): Promise<Attempt> => {
  let streamed: StreamedAnswer = emptyAnswer();
  let error: unknown;
  let acted = false;
  try {
    const endpoint = await source.open();
    const model = languageModelFor(request.kind, request.modelId, endpoint, outbound);
    if (request.tools) {
      const run = await streamWithTools(model, request, request.tools, signal, {
        onDelta,
        onStatus,
        onApproval,
      });
      acted = run.toolCalls > 0;
      streamed = run;
    } else streamed = await streamAnswer(model, request, signal, onDelta);
    error = streamed.error;
  } catch (e) {
    // A refusal (non-2xx) is thrown by the call; a body that breaks off, out of the stream.
    error = e;
  }
  const { answer, reported, finished, bound, limited } = streamed;
  // A stop that came once the answer had finished changes nothing.
  if (signal.aborted && !finished) return { kind: 'stopped', answer, reason: 'user', bound };
  if (limited) return { kind: 'stopped', answer, reason: limited, bound };
  if (error === undefined)
    return {
      kind: 'completed',
      answer,
      reported,
      bound,
      ...(streamed.calls && streamed.calls.length > 0 ? { toolCalls: streamed.calls } : {}),
    };
  // An op already called is not called again at the next endpoint: the answer ends here.
  if (answer === '' && !acted) return { kind: 'notStarted', error, bound };
  return { kind: 'broken', answer, error, bound };
};

/** The request with what earlier calls spent taken off its budget: the next call gets what is left. */
const afterSpent = (request: GenerationRequest, spent: BoundTokens): GenerationRequest =>
  request.budget
    ? {
        ...request,
        budget: {
          ...request.budget,
          reserved: request.budget.reserved - boundCost(request.budget.prices, spent),
        },
      }
    : request;

/** What an attempt's outcome is charged, with the calls before it that reached a provider. */
const withEarlier = (outcome: Exclude<Attempt, { kind: 'notStarted' | 'broken' }>, spent: BoundTokens) =>
  outcome.kind === 'completed'
    ? { ...outcome, earlier: spent }
    : { ...outcome, bound: addBound(spent, outcome.bound) };

/**
 * Streams the model's answer from the first endpoint that answers, in the order given: one that
 * fails before its first token (refused connection, non-2xx, a key that cannot be opened, a stream
 * that opened and broke before any text) hands the request to the next; after the first token a
 * failure ends the answer (kept as it is). A call whose stream opened was read by its provider: its
 * bound is charged and taken off what the next call may spend. `signal` stops it (a kill switch, the
 * server shutting down): the provider's connection is closed.
 */
export const generate = async (
  request: GenerationRequest,
  endpoints: readonly EndpointSource[],
  outbound: OutboundClient,
  signal: AbortSignal,
  hooks: GenerationHooks,
): Promise<GenerationOutcome> => {
  let lastError: unknown = new Error('no endpoint');
  let spent = noBoundTokens();
  for (const [i, source] of endpoints.entries()) {
    if (signal.aborted) return { kind: 'stopped', answer: '', reason: 'user', bound: spent };
    const outcome = await attempt(
      afterSpent(request, spent),
      source,
      outbound,
      signal,
      (text) => hooks.onDelta(text),
      (status) => hooks.onStatus?.(status),
      (approval) => hooks.onApproval?.(approval),
    );
    if (outcome.kind === 'broken') {
      hooks.onFailure?.(outcome.error);
      return {
        kind: 'failed',
        answer: outcome.answer,
        reason: failureReason(outcome.error, true),
        bound: addBound(spent, outcome.bound),
      };
    }
    if (outcome.kind !== 'notStarted') return withEarlier(outcome, spent);
    spent = addBound(spent, outcome.bound);
    lastError = outcome.error;
    if (i < endpoints.length - 1) await hooks.onFailover(failureReason(outcome.error, false), outcome.error);
  }
  hooks.onFailure?.(lastError);
  return { kind: 'failed', answer: '', reason: failureReason(lastError, false), bound: spent };
};
