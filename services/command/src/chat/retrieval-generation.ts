import { chatRetrievalMessages, chatStatusIds, type ChatStatus } from '@app/contracts';
import type { OutboundClient } from '@app/platform';
import { noBoundTokens } from './call-budget';
import { startGeneration, type EarlyGeneration } from './early-generation';
import type { EndpointSource, GenerationOutcome } from './generate';
import type { GenerationRequest } from './generation-request';
import type { Retrieval } from './retrieval';
import { withRetrieved } from './retrieval-prompt';
import type { ChatSse } from './sse';

/**
 * A generation that starts once `pending` has settled (the passages are in its system prompt). Until
 * then it holds its sink; cancelled before, it never starts and its outcome is an empty stop.
 */
export const generationAfter = (
  pending: Promise<Retrieval>,
  start: (retrieval: Retrieval) => EarlyGeneration,
): EarlyGeneration => {
  let cancelled = false;
  const started = pending.then((r) => (cancelled ? undefined : start(r)));
  const stopped: GenerationOutcome = { kind: 'stopped', answer: '', reason: 'user', bound: noBoundTokens() };
  return {
    outcome: started.then((g) => (g ? g.outcome : stopped)),
    attach: (sink) => {
      started.then((g) => g?.attach(sink)).catch(() => undefined);
    },
    cancel: () => {
      cancelled = true;
      started.then((g) => g?.cancel()).catch(() => undefined);
    },
  };
};

/**
 * Asks the model: at once without documents (the hot path, unchanged); with them, once their
 * passages are retrieved and added to the system prompt.
 */
export const startChatGeneration = (
  asked: GenerationRequest,
  retrieval: Promise<Retrieval> | undefined,
  sources: readonly EndpointSource[],
  outbound: OutboundClient,
  signal: AbortSignal,
): EarlyGeneration =>
  retrieval
    ? generationAfter(retrieval, (r) => startGeneration(withRetrieved(asked, r), sources, outbound, signal))
    : startGeneration(asked, sources, outbound, signal);

/** The status line of a retrieval that failed: the answer goes on without sources. */
export const retrievalFailedStatus = (): ChatStatus => ({
  id: chatStatusIds.sources,
  summary: chatRetrievalMessages.summary,
  message: chatRetrievalMessages.failed,
  type: 'sources',
  inProgress: false,
});

/** What the client is told of the retrieval, before the first answer chunk: its sources, or that it failed. */
export const sendRetrieval = (sse: ChatSse, retrieval: Retrieval): void => {
  if (retrieval.failed) sse.send({ s: 'meta', st: retrievalFailedStatus() });
  if (retrieval.sources.length > 0) sse.send({ s: 'meta', d: { sources: retrieval.sources } });
};
