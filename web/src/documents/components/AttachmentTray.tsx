import { useAtomValue, useSetAtom } from 'jotai';
import { attachmentNoticesAtom, attachmentsAtom } from '../state/attachments';
import { dismissNoticeAtom, removeAttachmentAtom } from '../state/attachment-actions';
import { AttachmentChip } from './AttachmentChip';
import '../documents.css';

/** Above the message: the attachments as chips, and under them what was refused or stopped. */
export function AttachmentTray() {
  const attachments = useAtomValue(attachmentsAtom);
  const notices = useAtomValue(attachmentNoticesAtom);
  const remove = useSetAtom(removeAttachmentAtom);
  const dismiss = useSetAtom(dismissNoticeAtom);
  if (attachments.length === 0 && notices.length === 0) return null;
  return (
    <div className="attachment-tray">
      {attachments.length > 0 && (
        <ul className="attachment-chips" aria-label="Attachments">
          {attachments.map((attachment) => (
            <AttachmentChip
              key={attachment.id}
              attachment={attachment}
              onRemove={() => remove(attachment.id)}
            />
          ))}
        </ul>
      )}
      {notices.length > 0 && (
        <ul className="attachment-notices" aria-label="Upload messages">
          {notices.map((notice) => (
            <li key={notice.id} className="attachment-notice" role="alert">
              <span className="attachment-notice-name">{notice.name}</span>
              <span className="attachment-notice-message">{notice.message}</span>
              <button
                type="button"
                className="btn-icon btn-small btn-ghost"
                aria-label="Dismiss"
                onClick={() => dismiss(notice.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
