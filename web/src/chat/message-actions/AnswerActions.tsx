import { useState } from 'react';
import { ActionButton } from './ActionButton';
import { BadComment } from './BadComment';
import { CopyMessageButton } from './CopyMessageButton';
import { RegenerateIcon } from './icons';
import { messageActionText } from './message-action-text';
import { RatingButtons } from './RatingButtons';
import type { TurnContext } from './turn-context';
import { useTurnActions } from './use-turn-actions';

/** Under an answer that ended: Copy message (its markdown), Regenerate response, Good / Bad response. */
export function AnswerActions({ text, context }: { text: string; context: TurnContext }) {
  const { sendVersion } = useTurnActions(context);
  const question = context.turn.user?.content ?? null;
  const [asking, setAsking] = useState(false);
  return (
    <div className="message-bar message-bar-answer">
      <div className="message-actions">
        {text !== '' && <CopyMessageButton text={text} />}
        {question !== null && (
          <ActionButton
            label={messageActionText.regenerate}
            icon={<RegenerateIcon />}
            disabled={context.busy}
            onClick={() => sendVersion(question)}
          />
        )}
        <RatingButtons requestId={context.turn.requestId} onBad={() => setAsking(true)} />
      </div>
      {asking && <BadComment requestId={context.turn.requestId} onDone={() => setAsking(false)} />}
    </div>
  );
}
