import { useState } from 'react';
import { MessageImages } from '../images/MessageImages';
import type { ChatTurn } from '../model/types';
import { ActionButton } from '../message-actions/ActionButton';
import { CopyMessageButton } from '../message-actions/CopyMessageButton';
import { EditMessageForm } from '../message-actions/EditMessageForm';
import { EditIcon } from '../message-actions/icons';
import { messageActionText } from '../message-actions/message-action-text';
import type { TurnContext } from '../message-actions/turn-context';
import { useTurnActions } from '../message-actions/use-turn-actions';
import { VersionSwitch } from '../versions/VersionSwitch';

/**
 * The user's message, as typed, with the images sent with it; under it the turn's versions and its
 * actions (Copy message, Edit message: edited in place and sent as a new version).
 */
export function UserMessage({ turn, context }: { turn: ChatTurn; context?: TurnContext }) {
  const [editing, setEditing] = useState(false);
  // After an edit, focus goes back to Edit message (not to the top of the page).
  const [edited, setEdited] = useState(false);
  const close = () => {
    setEditing(false);
    setEdited(true);
  };
  return (
    <article className="chat-message chat-message-user" aria-label="Your message" data-message-id={turn.id}>
      <MessageImages turn={turn} />
      {editing && context ? (
        <UserMessageEdit turn={turn} context={context} onClose={close} />
      ) : (
        <div className="chat-bubble">{turn.content}</div>
      )}
      {context && !editing && (
        <UserMessageBar turn={turn} context={context} focusEdit={edited} onEdit={() => setEditing(true)} />
      )}
    </article>
  );
}

function UserMessageEdit({
  turn,
  context,
  onClose,
}: {
  turn: ChatTurn;
  context: TurnContext;
  onClose: () => void;
}) {
  const { sendVersion } = useTurnActions(context);
  return (
    <EditMessageForm
      initial={turn.content}
      busy={context.busy}
      onCancel={onClose}
      onSend={(text) => {
        onClose();
        sendVersion(text);
      }}
    />
  );
}

interface UserMessageBarProps {
  turn: ChatTurn;
  context: TurnContext;
  focusEdit: boolean;
  onEdit: () => void;
}

function UserMessageBar({ turn, context, focusEdit, onEdit }: UserMessageBarProps) {
  const { turnTo } = useTurnActions(context);
  return (
    <div className="message-bar message-bar-user">
      <VersionSwitch version={context.turn.version} onTurnTo={turnTo} />
      <div className="message-actions">
        <CopyMessageButton text={turn.content} />
        <ActionButton
          label={messageActionText.edit}
          icon={<EditIcon />}
          autoFocus={focusEdit}
          onClick={onEdit}
        />
      </div>
    </div>
  );
}
