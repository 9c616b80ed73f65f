import { Modal } from '../../ui/Modal';
import type { AssistantPageState } from './assistant-page';

/**
 * What the page at `/assistants/{path}` tells the user: nothing once the chat is open with the
 * assistant (the picker names it), the lookup under way, or why it cannot be opened.
 */
export function AssistantPageNotice({ state, onLeave }: { state: AssistantPageState; onLeave: () => void }) {
  if (state.kind === 'looking')
    return (
      <span role="status" className="muted">
        Opening /assistants/{state.path}…
      </span>
    );
  if (state.kind !== 'refused') return null;
  return (
    <Modal label="Published assistant" role="alertdialog" onDismiss={onLeave} className="confirm">
      <h2 className="confirm-title">/assistants/{state.path}</h2>
      <p role="alert" className="confirm-message">
        {state.message}
      </p>
      <div className="confirm-actions">
        <button type="button" className="btn btn-primary" onClick={onLeave} data-autofocus>
          Go to chat
        </button>
      </div>
    </Modal>
  );
}
