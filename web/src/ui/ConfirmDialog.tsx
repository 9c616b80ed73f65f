import { useId, type ReactNode } from 'react';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Shown under the message (a list of what the action changes, the server's answer). */
  children?: ReactNode;
}

/** The in-app confirmation (never window.confirm). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Modal label={title} role="alertdialog" onDismiss={onCancel} className="confirm" describedBy={messageId}>
      <h2 className="confirm-title">{title}</h2>
      <p id={messageId} className="confirm-message">
        {message}
      </p>
      {children}
      <div className="confirm-actions">
        <button type="button" className="btn" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
