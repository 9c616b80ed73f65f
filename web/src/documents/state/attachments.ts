import { atom } from 'jotai';
import {
  looksLikeChatImage,
  type ChatImage,
  type DataSource,
  type FileMetadata,
  type FileStatus,
} from '@app/contracts';
import type { UploadProgress } from '../upload-progress';

/** A file attached to the message being written, from the moment it is picked. */
export interface Attachment {
  /** This browser's id for it (the server's key comes later). */
  id: string;
  /** The name as kept: runs of spaces and underscores collapsed. */
  name: string;
  type: string;
  size: number;
  /** The server's key, once it gave one. */
  key: string | null;
  progress: UploadProgress;
  /** The processing status last read. */
  status: FileStatus | null;
  metadata: FileMetadata | null;
  /** A document uploaded earlier, picked from the list: removing it never deletes it. */
  existing?: DataSource;
  /** An image picked here: an object URL of its bytes, for its thumbnail in the tray. */
  preview?: string;
}

/** An image (by its type or name): it goes with the message as an image, not a document to search. */
export const isImageAttachment = (attachment: Pick<Attachment, 'type' | 'name'>): boolean =>
  looksLikeChatImage(attachment.type, attachment.name);

/** A file refused before anything was sent, or an upload stopped: shown under the input. */
export interface AttachmentNotice {
  id: string;
  name: string;
  message: string;
}

export const attachmentsAtom = atom<Attachment[]>([]);
export const attachmentNoticesAtom = atom<AttachmentNotice[]>([]);

/** Still sending or awaiting processing: the message waits for them. */
export const uploadsInFlightAtom = atom((get) =>
  get(attachmentsAtom).some((a) => a.progress.phase === 'sending' || a.progress.phase === 'processing'),
);

/** An attachment ready to go with the message, as the chat request names it. */
export const dataSourceOf = (attachment: Attachment): DataSource | null => {
  if (attachment.existing) return attachment.existing;
  if (attachment.progress.phase !== 'done' || attachment.key === null) return null;
  const metadata: Record<string, unknown> = {};
  if (attachment.metadata?.isImage !== undefined) metadata['isImage'] = attachment.metadata.isImage;
  if (attachment.metadata?.totalItems !== undefined) metadata['totalItems'] = attachment.metadata.totalItems;
  return {
    id: attachment.key,
    key: attachment.key,
    name: attachment.name,
    type: attachment.type,
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
};

/** The documents ready to go with the next message (images go as images, never searched as text). */
export const attachedSourcesAtom = atom((get) =>
  get(attachmentsAtom).flatMap((a) => {
    const source = isImageAttachment(a) ? null : dataSourceOf(a);
    return source ? [source] : [];
  }),
);

/** The images ready to go with the next message: uploaded files of the user's, by key. */
export const attachedImagesAtom = atom((get) =>
  get(attachmentsAtom).flatMap((a): ChatImage[] => {
    const source = isImageAttachment(a) ? dataSourceOf(a) : null;
    return source?.key ? [{ key: source.key, name: a.name }] : [];
  }),
);
