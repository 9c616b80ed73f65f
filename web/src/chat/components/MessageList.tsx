import { useEffect, useMemo, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { chatText } from '../chat-text';
import { conversationView } from '../model/live-answer';
import { turnId } from '../model/types';
import { conversationMessagesAtom, messagesErrorAtom } from '../state/conversations';
import { activeConversationIdAtom } from '../../state/active-conversation';
import { liveAnswersAtom } from '../state/streams';
import { AnswerMessage } from './AnswerMessage';
import { UserMessage } from './UserMessage';

/** The conversation shown: its messages, each answer under its question, the streaming one live. */
export function MessageList() {
  const activeId = useAtomValue(activeConversationIdAtom);
  const messages = useAtomValue(conversationMessagesAtom);
  const live = useAtomValue(liveAnswersAtom);
  const error = useAtomValue(messagesErrorAtom);
  const end = useRef<HTMLDivElement>(null);

  const view = useMemo(() => {
    if (activeId === null) return [];
    const answers = Object.values(live).filter((l) => l.conversationId === activeId);
    return conversationView(messages[activeId] ?? [], answers);
  }, [activeId, messages, live]);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [view]);

  return (
    <section className="chat-messages" aria-label="Messages">
      {error !== null && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {view.length === 0 && error === null ? (
        <p className="chat-empty muted">{chatText.emptyConversation}</p>
      ) : (
        view.map((item) =>
          item.kind === 'live' ? (
            <AnswerMessage key={turnId(item.live.requestId, 'assistant')} content={null} live={item.live} />
          ) : item.turn.role === 'user' ? (
            <UserMessage key={item.turn.id} turn={item.turn} />
          ) : (
            <AnswerMessage key={item.turn.id} content={item.turn} live={null} />
          ),
        )
      )}
      <div ref={end} />
    </section>
  );
}
