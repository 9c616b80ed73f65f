import { atom } from 'jotai';
import type { DataSource, FileMetadata, FileStatus } from '@app/contracts';
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
}

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

/** The documents ready to go with the next message. */
export const attachedSourcesAtom = atom((get) =>
  get(attachmentsAtom).flatMap((a) => {
    const source = dataSourceOf(a);
    return source ? [source] : [];
  }),
);
