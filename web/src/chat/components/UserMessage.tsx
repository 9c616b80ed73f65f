import { MessageImages } from '../images/MessageImages';
import type { ChatTurn } from '../model/types';

/** The user's message, as typed, with the images sent with it. */
export function UserMessage({ turn }: { turn: ChatTurn }) {
  return (
    <article className="chat-message chat-message-user" aria-label="Your message">
      <MessageImages turn={turn} />
      <div className="chat-bubble">{turn.content}</div>
    </article>
  );
}
