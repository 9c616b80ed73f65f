import { platformMessages } from '@app/contracts';
import './view-failed.css';

export interface ViewFailedProps {
  /** What could not be shown, as the user knows it ('Feature Flags', 'The Admin Interface'). */
  what: string;
  onRetry: () => void;
  /** A way out besides retrying (e.g. closing the dialog that failed). */
  onClose?: () => void;
}

/** The fallback of an error boundary: what failed, Try again, and a way out when there is one. */
export function ViewFailed({ what, onRetry, onClose }: ViewFailedProps) {
  return (
    <div role="alert" className="view-failed">
      <p>{platformMessages.viewFailed(what)}</p>
      <div className="view-failed-actions">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
        {onClose && (
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    </div>
  );
}
