import type { Attachment } from '../state/attachments';
import { displayFileName } from '../file-name';
import { StatusBadge } from './StatusBadge';

const phaseStatus = (attachment: Attachment): string | null => {
  switch (attachment.progress.phase) {
    case 'done':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'processing':
      return attachment.status ?? 'processing';
    case 'sending':
    case 'cancelled':
      return attachment.status;
  }
};

/**
 * An attachment of the message being written: its name (12 characters shown, the whole on hover),
 * its progress while it uploads, its status, why it failed, and × to cancel or remove it.
 */
export function AttachmentChip({ attachment, onRemove }: { attachment: Attachment; onRemove: () => void }) {
  const { progress } = attachment;
  const uploading = progress.phase === 'sending' || progress.phase === 'processing';
  return (
    <li
      className={`attachment-chip attachment-chip-${progress.phase}`}
      aria-label={`Attachment ${attachment.name}`}
      data-phase={progress.phase}
      title={attachment.name}
    >
      <span className="attachment-chip-row">
        {attachment.preview && (
          <img
            className="attachment-chip-thumb"
            src={attachment.preview}
            alt={`Thumbnail of ${attachment.name}`}
          />
        )}
        <span className="attachment-chip-name">{displayFileName(attachment.name)}</span>
        <StatusBadge status={phaseStatus(attachment)} />
        <button
          type="button"
          className="attachment-chip-remove"
          aria-label={uploading ? `Cancel upload of ${attachment.name}` : `Remove ${attachment.name}`}
          onClick={onRemove}
        >
          ×
        </button>
      </span>
      {progress.phase !== 'done' && progress.phase !== 'failed' && (
        <span
          className="attachment-chip-progress"
          role="progressbar"
          aria-label={`Upload of ${attachment.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
        >
          <span className="attachment-chip-bar" style={{ width: `${progress.percent}%` }} />
        </span>
      )}
      {progress.phase === 'failed' && progress.message !== null && (
        <span role="alert" className="attachment-chip-error">
          {progress.message}
        </span>
      )}
    </li>
  );
}
