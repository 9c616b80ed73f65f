import type { ChatTurn } from '../model/types';

/** The images sent with a user message, as thumbnails (none yet). */
export function MessageImages(_props: { turn: ChatTurn }) {
  return null;
}
