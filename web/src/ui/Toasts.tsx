import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { dismissToastAtom, toastsAtom, type Toast } from '../state/toasts';

const shownFor = 6000;

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useSetAtom(dismissToastAtom);
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
export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  return createPortal(
    <div className="toasts">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>,
    document.body,
  );
}
