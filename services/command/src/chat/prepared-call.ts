import type { ChatRequest } from '@app/contracts';
import { withAssistantInstructions } from './assistant-chat';
import type { LoadedImages } from './chat-images';
import {
  generationRequestOf,
  type ChatTools,
  type ClientTools,
  type GenerationRequest,
} from './generation-request';
import { reservationOf, type Reservation } from './reservation';
import type { ResolvedChat } from './resolve-chat';

/** What the model is asked for one request, and the reservation of everything it may send. */
export interface PreparedCall {
  asked: GenerationRequest;
  reservation: Reservation;
}

/** The provider call of a resolved request: its prompt, instructions and tools, held to its reservation. */
export const prepareCall = (
  request: ChatRequest,
  resolved: ResolvedChat,
  given: {
    images: LoadedImages;
    tools: ChatTools | undefined;
    clientTools: ClientTools | undefined;
    /** Passages of documents are retrieved first (their tokens are reserved too). */
    retrieves: boolean;
  },
): PreparedCall => {
  const plain: GenerationRequest = {
    ...withAssistantInstructions(
      generationRequestOf(request, resolved.model, given.images),
      resolved.assistant,
    ),
    ...(given.tools ? { tools: given.tools } : given.clientTools ? { clientTools: given.clientTools } : {}),
  };
  const reservation = reservationOf(plain, resolved.model, given.retrieves);
  return { reservation, asked: { ...plain, budget: reservation.budget } };
};
