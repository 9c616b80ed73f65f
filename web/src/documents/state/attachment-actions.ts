import { atom } from 'jotai';
import {
  chatImageLimits,
  chatImageMessages,
  dataSourceKey,
  fileLimits,
  type DataSource,
} from '@app/contracts';
import { collapseFileName } from '../file-name';
import { checkUpload } from '../upload-rules';
import { uploadFile, type UploadPorts } from '../upload-file';
import { initialUploadProgress, uploadProgress, type UploadAction } from '../upload-progress';
import { browserUploadPorts, uploadFlagOn } from '../upload-ports';
import { attachmentNoticesAtom, attachmentsAtom, isImageAttachment, type Attachment } from './attachments';
import { loadMyDocumentsAtom, myDocumentsAtom } from './my-documents';

/** The uploads running, by attachment id: a cancel aborts its controller. */
const uploads = new Map<string, AbortController>();

let ports: UploadPorts = browserUploadPorts;
/** Tests of the atoms give fakes. */
export const setUploadPorts = (next: UploadPorts) => {
  ports = next;
};

const updateAttachmentAtom = atom(null, (get, set, id: string, update: (a: Attachment) => Attachment) => {
  set(
    attachmentsAtom,
    get(attachmentsAtom).map((a) => (a.id === id ? update(a) : a)),
  );
});

const noticeAtom = atom(null, (get, set, name: string, message: string) => {
  set(attachmentNoticesAtom, [...get(attachmentNoticesAtom), { id: crypto.randomUUID(), name, message }]);
});

/** An image's thumbnail in the tray: its bytes as an object URL (where the browser has them). */
const previewOf = (file: File): Pick<Attachment, 'preview'> =>
  isImageAttachment({ type: file.type, name: file.name }) && typeof URL.createObjectURL === 'function'
    ? { preview: URL.createObjectURL(file) }
    : {};

const dropPreview = (attachment: Attachment) => {
  if (attachment.preview) URL.revokeObjectURL(attachment.preview);
};

/**
 * Files picked with the upload button: each is checked (the contracts' messages show under the input
 * for those refused), the others appear at once at 0 and upload side by side.
 */
export const addFilesAtom = atom(null, async (get, set, files: readonly File[]) => {
  const accepted: { attachment: Attachment; file: File }[] = [];
  let images = get(attachmentsAtom).filter(isImageAttachment).length;
  for (const file of files) {
    const check = checkUpload({ name: file.name, type: file.type, size: file.size });
    if (!check.ok) {
      set(noticeAtom, file.name, check.message);
      continue;
    }
    // A message takes so many images (and each image so many bytes): the others are refused here.
    if (isImageAttachment({ name: file.name, type: file.type })) {
      const refusal =
        images >= chatImageLimits.perMessage
          ? chatImageMessages.tooManyInMessage
          : file.size > chatImageLimits.bytes
            ? chatImageMessages.tooLarge(file.name)
            : null;
      if (refusal !== null) {
        set(noticeAtom, file.name, refusal);
        continue;
      }
      images++;
    }
    const attachment: Attachment = {
      id: crypto.randomUUID(),
      name: collapseFileName(file.name),
      type: check.type,
      size: file.size,
      key: null,
      progress: initialUploadProgress(),
      status: null,
      metadata: null,
      ...previewOf(file),
    };
    accepted.push({ attachment, file });
  }
  if (accepted.length === 0) return;
  set(attachmentsAtom, (current) => [...current, ...accepted.map((a) => a.attachment)]);
  const awaitProcessing = await uploadFlagOn();
  await Promise.all(
    accepted.map(async ({ attachment, file }) => {
      const controller = new AbortController();
      uploads.set(attachment.id, controller);
      const update = (change: (a: Attachment) => Attachment) =>
        set(updateAttachmentAtom, attachment.id, change);
      const outcome = await uploadFile(ports, {
        file,
        name: attachment.name,
        type: attachment.type,
        awaitProcessing,
        signal: controller.signal,
        onProgress: (action: UploadAction) =>
          update((a) => ({ ...a, progress: uploadProgress(a.progress, action) })),
        onKey: (key) => update((a) => ({ ...a, key })),
        onStatus: (status) => update((a) => ({ ...a, status })),
      });
      uploads.delete(attachment.id);
      if (outcome.ok) {
        update((a) => ({ ...a, status: 'completed', metadata: outcome.metadata }));
        if (get(myDocumentsAtom) !== null) void set(loadMyDocumentsAtom);
      } else if (outcome.cancelled) set(noticeAtom, attachment.name, outcome.message);
      else update((a) => ({ ...a, status: 'failed' }));
    }),
  );
});

/**
 * The chip's ×: an upload still running is aborted (its server file removed at once); a finished
 * one leaves the message, and its server file is removed 45 s later.
 */
export const removeAttachmentAtom = atom(null, (get, set, id: string) => {
  const attachment = get(attachmentsAtom).find((a) => a.id === id);
  if (!attachment) return;
  dropPreview(attachment);
  set(
    attachmentsAtom,
    get(attachmentsAtom).filter((a) => a.id !== id),
  );
  const running = uploads.get(id);
  if (running) {
    running.abort();
    return;
  }
  const { key } = attachment;
  if (attachment.progress.phase === 'done' && key !== null && !attachment.existing)
    setTimeout(() => void ports.deleteFile(key).catch(() => undefined), fileLimits.deleteAfterCancelMs);
});

/** The message went with the finished attachments: they leave the input (their files stay). */
export const takeAttachedAtom = atom(null, (get, set) => {
  get(attachmentsAtom)
    .filter((a) => a.progress.phase === 'done')
    .forEach(dropPreview);
  set(
    attachmentsAtom,
    get(attachmentsAtom).filter((a) => a.progress.phase !== 'done'),
  );
});

export const dismissNoticeAtom = atom(null, (get, set, id: string) => {
  set(
    attachmentNoticesAtom,
    get(attachmentNoticesAtom).filter((n) => n.id !== id),
  );
});

/** A document uploaded earlier, picked from the list: attached as it is (once). */
export const attachExistingAtom = atom(null, (get, set, document: DataSource) => {
  const key = dataSourceKey(document);
  if (get(attachmentsAtom).some((a) => a.key === key)) return;
  const attachment: Attachment = {
    id: crypto.randomUUID(),
    name: document.name ?? key,
    type: document.type ?? '',
    size: 0,
    key,
    progress: { phase: 'done', percent: 100, message: null },
    status: 'completed',
    metadata: null,
    existing: document,
  };
  set(attachmentsAtom, [...get(attachmentsAtom), attachment]);
});
