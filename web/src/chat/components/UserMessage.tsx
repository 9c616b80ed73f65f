import type { ChatTurn } from '../model/types';

/** The user's message, as typed. */
export function UserMessage({ turn }: { turn: ChatTurn }) {
  return (
    <article className="chat-message chat-message-user" aria-label="Your message">
      <div className="chat-bubble">{turn.content}</div>
    </article>
  );
}
