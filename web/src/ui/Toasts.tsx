import { useEffect } from 'react';
import { createPortal } from 'react-dom';

/** One notification (the app keeps the list: web/src/state/toasts.ts). */
export interface Toast {
  id: number;
  tone: 'success' | 'error' | 'info';
  message: string;
}

interface ToastsProps {
  toasts: readonly Toast[];
  onDismiss: (id: number) => void;
}

const shownFor = 6000;

function ToastItem({ toast, dismiss }: { toast: Toast; dismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), shownFor);
    return () => clearTimeout(timer);
  }, [dismiss, toast.id]);
  return (
    <div className={`toast toast-${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
      <span className="toast-message">{toast.message}</span>
      <button
        type="button"
        className="toast-close"
        aria-label="Dismiss notification"
        onClick={() => dismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

/** Toasts above everything, newest last; errors are alerts, the rest status messages. */
export function Toasts({ toasts, onDismiss }: ToastsProps) {
  return createPortal(
    <div className="toasts">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} dismiss={onDismiss} />
      ))}
    </div>,
    document.body,
  );
}
