import type { ChatRequest } from '@app/contracts';
import { imageKeysOf, type LoadedImages } from './chat-images';
import { endpointSourcesOf } from './chat-run';
import type { ChatRouteDeps } from './chat-route-deps';
import type { EarlyGeneration } from './early-generation';
import type { EndpointSource } from './generate';
import type { ClientTools } from './generation-request';
import { gatedOutbound, type GatedOutbound } from './gated-outbound';
import { prepareCall, type PreparedCall } from './prepared-call';
import { guessChat, type ResolvedChat } from './resolve-chat';
import { startChatGeneration } from './retrieval-generation';

/** A provider call prepared before the request's reads came back, held at its gate. */
export interface SpeculativeCall extends PreparedCall {
  sources: EndpointSource[];
  gate: GatedOutbound;
  generation: EarlyGeneration;
}

export interface Speculation {
  /**
   * The call prepared, when `resolved` (read now) is what was guessed: the same model, endpoints and
   * storage as kept. It is then the request's own, its gate opened as every request's is. Else none.
   */
  adopt(resolved: ResolvedChat): SpeculativeCall | undefined;
  /** Unless adopted: the gate is shut and the call aborted, so nothing of it reaches a provider. */
  discard(): void;
}

/** Nothing but a prompt to a model: no assistant, images, documents, MCP or client tools. */
const isPlain = (
  request: ChatRequest,
  call: { images?: LoadedImages | undefined; clientTools?: ClientTools | undefined },
) =>
  request.options.assistantId === undefined &&
  request.dataSources.length === 0 &&
  (request.options.mcpServers ?? []).length === 0 &&
  imageKeysOf(request).length === 0 &&
  (call.images?.size ?? 0) === 0 &&
  call.clientTools === undefined;

/**
 * A plain request's provider call prepared while the request's reads are on their way (the AI SDK
 * builds it on the loop's next turn, when the loop would only wait), from the configuration as this
 * process last read it. The reads then decide: the same states, and the call is the request's, with
 * no time lost building it; another state (a save in between), and it is discarded unsent and built
 * again from what was read. Either way it waits at its gate until the request is accepted.
 */
export const speculate = (
  deps: Pick<ChatRouteDeps, 'cache' | 'outbound' | 'db' | 'secrets' | 'pool' | 'opened'>,
  request: ChatRequest,
  call: { actor: string; images?: LoadedImages | undefined; clientTools?: ClientTools | undefined },
  signal: AbortSignal,
): Speculation | undefined => {
  if (!isPlain(request, call)) return undefined;
  const guess = guessChat(deps.cache, request.model, call.actor);
  if (!guess) return undefined;
  const gate = gatedOutbound(deps.outbound);
  let prepared: SpeculativeCall | undefined;
  let state: 'open' | 'adopted' | 'discarded' = 'open';
  const build = (): SpeculativeCall => {
    const sources = endpointSourcesOf(deps, guess);
    const made = prepareCall(request, guess, {
      images: new Map(),
      tools: undefined,
      clientTools: undefined,
      retrieves: false,
    });
    const generation = startChatGeneration(made.asked, undefined, sources, gate.client, signal);
    return { ...made, sources, gate, generation };
  };
  setImmediate(() => {
    if (state === 'open') prepared ??= build();
  });
  const discard = () => {
    if (state !== 'open') return;
    state = 'discarded';
    gate.shut();
    prepared?.generation.cancel();
  };
  return {
    adopt: (resolved) => {
      const same =
        resolved.model === guess.model &&
        resolved.endpoints === guess.endpoints &&
        resolved.storage === guess.storage &&
        resolved.assistant === undefined;
      if (state !== 'open' || !same) {
        discard();
        return undefined;
      }
      state = 'adopted';
      return (prepared ??= build());
    },
    discard,
  };
};
