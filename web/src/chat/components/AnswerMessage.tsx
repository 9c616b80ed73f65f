import { lazy, Suspense } from 'react';
import { chatMessages } from '@app/contracts';
import { answerText } from '../model/answer';
import { chatText } from '../chat-text';
import type { LiveAnswer } from '../model/live-answer';
import type { ChatTurn } from '../model/types';
import { AnswerUsage } from './AnswerUsage';
import { StatusLines } from './StatusLines';
import { SourcesList } from '../../documents';
import { AnswerActions } from '../message-actions/AnswerActions';
import { ToolApprovals } from '../tools';
import type { TurnContext } from '../message-actions/turn-context';

const MessageMarkdown = lazy(() => import('../render/MessageMarkdown'));

export interface AnswerMessageProps {
  /** A stored answer; null for one still streaming (`live`). */
  content: ChatTurn | null;
  live: LiveAnswer | null;
  /** Its turn, for the actions under it once it ended (none: no actions). */
  context?: TurnContext;
}

/**
 * An answer: its status lines while it streams, its text (markdown), then under it what went
 * wrong (the partial answer stays), that it was stopped (and why, when the relay stopped it at a
 * limit), its tokens and cost, and once it ended its actions.
 */
export function AnswerMessage({ content, live, context }: AnswerMessageProps) {
  const text = live ? answerText(live.answer) : (content?.content ?? '');
  const streaming = live !== null && live.phase !== 'ended';
  const error = live ? live.answer.error : (content?.error ?? null);
  const usage = live ? live.answer.usage : (content?.usage ?? null);
  const sources = live ? live.answer.sources : (content?.sources ?? []);
  const stopped = live ? live.phase === 'stopping' && live.answer.ended : content?.stopped === true;
  // The relay stopped it at a limit: its max_tokens, or the spend reserved for it.
  const limited = live ? live.answer.stopped : (content?.stopReason ?? null);

  return (
    <article
      className="chat-message chat-message-answer"
      aria-label="Answer"
      aria-busy={streaming}
      data-message-id={content?.id}
    >
      {live && <StatusLines answer={live.answer} streaming={streaming} />}
      {live && (
        <ToolApprovals
          requestId={live.requestId}
          approvals={live.answer.approvals}
          ended={live.answer.ended || live.phase === 'ended'}
        />
      )}
      {text !== '' && (
        <Suspense fallback={<div className="message-text">{text}</div>}>
          <MessageMarkdown text={text} streaming={streaming} />
        </Suspense>
      )}
      {error !== null && (
        <p role="alert" className="chat-answer-error">
          {error}
        </p>
      )}
      <SourcesList sources={sources} />
      {limited !== null && limited !== 'user' ? (
        <p className="chat-answer-note muted">{chatMessages.stopReasons[limited]}</p>
      ) : (
        stopped && <p className="chat-answer-note muted">{chatText.stopped}</p>
      )}
      {usage && <AnswerUsage usage={usage} />}
      {context && !streaming && <AnswerActions text={text} context={context} />}
    </article>
  );
}
