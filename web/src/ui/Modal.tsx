import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const focusableSelector =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  label: string;
  role?: 'dialog' | 'alertdialog';
  /** Escape asks to close. */
  onDismiss: () => void;
  className?: string;
  describedBy?: string;
  children: ReactNode;
}

/**
 * A modal layer: labelled, focus kept inside (also when a focused control disables itself), Escape to
 * dismiss, focus given back on close.
 */
export function Modal({ label, role = 'dialog', onDismiss, className, describedBy, children }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node;
    first?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys from a nested modal (portalled elsewhere) reach us through React: not ours.
    if (!(event.target instanceof Node) || !panel.current?.contains(event.target)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDismiss();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(focusableSelector)].filter(
      (el) => el.offsetParent !== null,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A control that disables itself while focused (Save once saved) drops the focus to the page, where
  // Escape and Tab no longer reach the modal: the modal takes it back.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const node = panel.current;
    if (event.relatedTarget !== null || !node?.contains(event.target)) return;
    if (event.target.matches(':disabled')) node.focus();
  };

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-label={label}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={['modal', className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
