import type { ReactNode } from 'react';

export interface FormActionsProps {
  /** The submit button's text. */
  submit: ReactNode;
  onCancel: () => void;
  /** The submit button is disabled (e.g. while saving, or while the form cannot be sent). */
  disabled?: boolean;
  /** Makes the primary button a plain button that calls this (a dialog without a form, e.g. Apply). */
  onSubmit?: () => void;
}

/** A form dialog's buttons: Cancel, then the primary submit button. */
export function FormActions({ submit, onCancel, disabled, onSubmit }: FormActionsProps) {
  return (
    <div className="modal-actions">
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button
        type={onSubmit ? 'button' : 'submit'}
        className="btn btn-primary"
        disabled={disabled}
        onClick={onSubmit}
      >
        {submit}
      </button>
    </div>
  );
}

export interface CloseActionsProps {
  onClose: () => void;
  /** The closing button's text: Close unless told. */
  label?: string;
  /** The closing button's class: a primary button unless told. */
  className?: string;
  /** Buttons before the closing one. */
  children?: ReactNode;
}

/** A dialog's buttons ending with the one that closes it, which has the focus when the dialog opens. */
export function CloseActions({
  onClose,
  label = 'Close',
  className = 'btn btn-primary',
  children,
}: CloseActionsProps) {
  return (
    <div className="modal-actions">
      {children}
      <button type="button" className={className} onClick={onClose} data-autofocus>
        {label}
      </button>
    </div>
  );
}
