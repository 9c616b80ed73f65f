import { useCopy } from '../../ui/use-copied';
import { ActionButton } from './ActionButton';
import { CheckIcon, CopyIcon } from './icons';
import { messageActionText } from './message-action-text';

/** Copy message: the message as written (an answer's markdown); 'Copied' shows for a moment. */
export function CopyMessageButton({ text }: { text: string }) {
  const { state, copy } = useCopy(text);
  return (
    <>
      <ActionButton
        label={messageActionText.copy}
        icon={state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        onClick={copy}
      />
      <span className="message-action-status" role="status">
        {state === 'copied'
          ? messageActionText.copied
          : state === 'failed'
            ? messageActionText.copyFailed
            : ''}
      </span>
    </>
  );
}
