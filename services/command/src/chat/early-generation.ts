import type { ChatStatus, ToolApprovalChunkData } from '@app/contracts';
import type { OutboundClient } from '@app/platform';
import { generate, type EndpointSource, type GenerationOutcome } from './generate';
import type { GenerationRequest } from './generation-request';

/** What the answer is sent to once the request is committed and its stream is open. */
export interface GenerationSink {
  onDelta(text: string): void;
  /** An endpoint failed before answering: its reason and error, the next one is tried. */
  onFailover(reason: string, error: unknown): Promise<void>;
  onFailure(error: unknown): void;
  /** The status line of a tool call ('Calling <op>...'): while it runs, then done. */
  onStatus?(status: ChatStatus): void;
  /** An MCP call that asks first: its question, then its answer. */
  onApproval?(approval: ToolApprovalChunkData): void;
}

export interface EarlyGeneration {
  /** Settles when the model has answered, failed or was stopped (never rejects but for a bug). */
  outcome: Promise<GenerationOutcome>;
  /** The request is committed: what came is handed to `sink` in order, then the rest as it comes. */
  attach(sink: GenerationSink): void;
  /** The request was not committed: the provider call is aborted, nothing is handed on. */
  cancel(): void;
}

/**
 * Asks the model as soon as the request is decided, while its acceptance commits: the provider's
 * first token is on its way meanwhile. Until `attach`, the tokens are held here (never sent to the
 * client before the request is recorded), and a failover waits (its status is recorded on the
 * request's stream).
 */
export const startGeneration = (
  request: GenerationRequest,
  sources: readonly EndpointSource[],
  outbound: OutboundClient,
  signal: AbortSignal,
): EarlyGeneration => {
  const cancelled = new AbortController();
  let sink: GenerationSink | undefined;
  // Tokens, tool statuses and questions, in the order they came, until the sink is attached.
  const held: ({ delta: string } | { status: ChatStatus } | { approval: ToolApprovalChunkData })[] = [];
  const failures: unknown[] = [];
  let attached!: (sink: GenerationSink | undefined) => void;
  const whenAttached = new Promise<GenerationSink | undefined>((resolve) => (attached = resolve));
  const outcome = generate(request, sources, outbound, AbortSignal.any([signal, cancelled.signal]), {
    onDelta: (text) => {
      if (sink) sink.onDelta(text);
      else held.push({ delta: text });
    },
    onStatus: (status) => {
      if (sink) sink.onStatus?.(status);
      else held.push({ status });
    },
    onApproval: (approval) => {
      if (sink) sink.onApproval?.(approval);
      else held.push({ approval });
    },
    onFailover: async (reason, error) => {
      const to = await whenAttached;
      await to?.onFailover(reason, error);
    },
    onFailure: (error) => {
      if (sink) sink.onFailure(error);
      else failures.push(error);
    },
  });
  return {
    outcome,
    attach: (to) => {
      for (const h of held.splice(0)) {
        if ('delta' in h) to.onDelta(h.delta);
        else if ('status' in h) to.onStatus?.(h.status);
        else to.onApproval?.(h.approval);
      }
      for (const error of failures.splice(0)) to.onFailure(error);
      sink = to;
      attached(to);
    },
    cancel: () => {
      cancelled.abort();
      attached(undefined);
    },
  };
};
