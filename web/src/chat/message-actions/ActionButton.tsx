import type { ReactNode } from 'react';
import './message-actions.css';

export interface ActionButtonProps {
  /** The button's name (also its tooltip). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** A toggle (Good response, Bad response): whether it is on. */
  pressed?: boolean;
  /** Focused when it shows (focus coming back to it, after an edit closed). */
  autoFocus?: boolean;
}

/** A message action: a small icon button named by its label. */
export function ActionButton({
  label,
  icon,
  onClick,
  disabled = false,
  pressed,
  autoFocus,
}: ActionButtonProps) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-icon btn-small message-action"
      aria-label={label}
      title={label}
      disabled={disabled}
      autoFocus={autoFocus}
      {...(pressed === undefined ? {} : { 'aria-pressed': pressed })}
      onClick={onClick}
    >
      {icon}
    </button>
  );
}
