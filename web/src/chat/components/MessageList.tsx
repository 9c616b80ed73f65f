import { Fragment, useEffect, useMemo, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { chatText } from '../chat-text';
import { turnId } from '../model/types';
import type { TurnContext } from '../message-actions/turn-context';
import {
  activeConversationAtom,
  chosenVersionsAtom,
  conversationMessagesAtom,
  messagesErrorAtom,
} from '../state/conversations';
import { activeConversationIdAtom } from '../../state/active-conversation';
import { conversationStorageAtom } from '../../state/user-settings';
import { liveAnswersAtom } from '../state/streams';
import { shownTurns } from '../versions/shown-turns';
import { versionKey } from '../versions/tree';
import { AnswerMessage } from './AnswerMessage';
import { UserMessage } from './UserMessage';

/**
 * The conversation shown: the thread of the versions the user turned to, each answer under its
 * question (the streaming one live), each message with its actions.
 */
export function MessageList() {
  const activeId = useAtomValue(activeConversationIdAtom);
  const conversation = useAtomValue(activeConversationAtom);
  const defaultStorage = useAtomValue(conversationStorageAtom);
  const messages = useAtomValue(conversationMessagesAtom);
  const chosen = useAtomValue(chosenVersionsAtom);
  const live = useAtomValue(liveAnswersAtom);
  const error = useAtomValue(messagesErrorAtom);
  const end = useRef<HTMLDivElement>(null);

  const answers = useMemo(
    () => Object.values(live).filter((l) => l.conversationId === activeId),
    [activeId, live],
  );
  const thread = useMemo(
    () => (activeId === null ? [] : shownTurns(messages[activeId] ?? [], answers, chosen[activeId] ?? {})),
    [activeId, messages, answers, chosen],
  );
  const busy = answers.some((l) => l.phase !== 'ended');
  const storage = conversation?.storage ?? defaultStorage;

  // New messages and streaming text scroll to the end; turning to another version does not.
  const stored = activeId === null ? undefined : messages[activeId];
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [activeId, stored, answers]);

  return (
    <section className="chat-messages" aria-label="Messages">
      {error !== null && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {thread.length === 0 && error === null ? (
        <p className="chat-empty muted">{chatText.emptyConversation}</p>
      ) : (
        thread.map((turn) => {
          const context: TurnContext | undefined =
            activeId === null ? undefined : { turn, conversationId: activeId, storage, busy };
          return (
            // Keyed by the turn (its parent), not the version: turning to another keeps the focus on its switch.
            <Fragment key={versionKey(turn.parentRequestId)}>
              {turn.user && <UserMessage turn={turn.user} {...(context ? { context } : {})} />}
              {turn.live ? (
                <AnswerMessage
                  key={turnId(turn.requestId, 'assistant')}
                  content={null}
                  live={turn.live}
                  {...(context ? { context } : {})}
                />
              ) : (
                turn.answer && (
                  <AnswerMessage
                    key={turn.answer.id}
                    content={turn.answer}
                    live={null}
                    {...(context ? { context } : {})}
                  />
                )
              )}
            </Fragment>
          );
        })
      )}
      <div ref={end} />
    </section>
  );
}
