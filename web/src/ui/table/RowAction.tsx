import type { ReactNode } from 'react';

export interface RowActionProps {
  /** What the button does ("Edit", "Delete"): its text, and with `name` its accessible name. */
  action: string;
  /** The row's name: the button is "{action} {name}" to assistive technology. */
  name: string;
  className: string;
  onClick: () => void;
  disabled?: boolean;
  title?: string;
  /** Shown instead of `action` (e.g. "Deleting..." while it runs). */
  children?: ReactNode;
}

/** A button acting on one row of a list or table, named after the row. */
export function RowAction({ action, name, className, onClick, disabled, title, children }: RowActionProps) {
  return (
    <button
      type="button"
      className={className}
      aria-label={`${action} ${name}`}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      {children ?? action}
    </button>
  );
}
