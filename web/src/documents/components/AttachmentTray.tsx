import { useAtomValue, useSetAtom } from 'jotai';
import { chatImageMessages } from '@app/contracts';
import { modelOptionsAtom, selectedModelAtom } from '../../state/models';
import { attachmentNoticesAtom, attachmentsAtom, isImageAttachment } from '../state/attachments';
import { dismissNoticeAtom, removeAttachmentAtom } from '../state/attachment-actions';
import { AttachmentChip } from './AttachmentChip';
import '../documents.css';

/** Above the message: the attachments as chips, and under them what was refused or stopped. */
export function AttachmentTray() {
  const attachments = useAtomValue(attachmentsAtom);
  const notices = useAtomValue(attachmentNoticesAtom);
  const remove = useSetAtom(removeAttachmentAtom);
  const dismiss = useSetAtom(dismissNoticeAtom);
  const model = useAtomValue(selectedModelAtom);
  const options = useAtomValue(modelOptionsAtom);
  if (attachments.length === 0 && notices.length === 0) return null;
  // Images to a model that does not take them: said here before sending (the server refuses them).
  const imagesRefused =
    model !== null && !model.supportsImages && attachments.some(isImageAttachment)
      ? chatImageMessages.notSupported(
          model.name || model.id,
          options.filter((o) => o.model.supportsImages).map((o) => o.model.name || o.model.id),
        )
      : null;
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
      {imagesRefused !== null && <p className="attachment-warning">{imagesRefused}</p>}
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
