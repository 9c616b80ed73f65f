import type { FileStatus } from './files';
import { eventTypesOf } from '../event-types';

/**
 * The events of a file's stream (`file-<key>`), in the order a file lives them. Every step is an event:
 * a refusal, a failure and a termination are in the log with their reason.
 */
export interface FileUploadRequestedData {
  key: string;
  owner: string;
  name: string;
  type: string;
  knowledgeBase: string;
  tags: string[];
  groupId: string | null;
  ragOn: boolean;
  data: Record<string, unknown>;
  /** Where it came from when it is not an upload: a website page or a sitemap's page. */
  sourceUrl?: string;
  fromSitemap?: string;
}

export type FileEvent =
  | { type: 'FileUploadRequested'; data: FileUploadRequestedData }
  /** The bytes are in the blob store, their digests checked (Content-MD5) and taken (SHA-256). */
  | { type: 'FileUploaded'; data: { key: string; size: number; md5: string; sha256: string } }
  | { type: 'FileProcessingStarted'; data: { key: string; detectedType: string } }
  /**
   * Text extracted: `totalItems` items in `chunks` chunks, kept under the content's SHA-256.
   * `reused`: an earlier file had the same content; its result was reused, nothing extracted again.
   */
  | {
      type: 'FileProcessed';
      data: {
        key: string;
        sha256: string;
        totalItems: number;
        chunks: number;
        isImage: boolean;
        reused: boolean;
      };
    }
  | { type: 'FileProcessingFailed'; data: { key: string; reason: string; message: string } }
  | { type: 'FileEmbeddingQueued'; data: { key: string; sha256: string; chunks: number } }
  | { type: 'FileEmbedded'; data: { key: string; sha256: string; chunks: number; model: string } }
  | { type: 'FileEmbeddingFailed'; data: { key: string; reason: string } }
  /** An admin stopped its embedding from the Embeddings tab; `by` is who. */
  | { type: 'FileEmbeddingTerminated'; data: { key: string; by: string } }
  | { type: 'FileTagsSet'; data: { key: string; tags: string[] } }
  | { type: 'FileReprocessRequested'; data: { key: string } }
  | { type: 'FileDeleted'; data: { key: string } };

export const fileEventTypes = eventTypesOf<FileEvent>({
  FileUploadRequested: true,
  FileUploaded: true,
  FileProcessingStarted: true,
  FileProcessed: true,
  FileProcessingFailed: true,
  FileEmbeddingQueued: true,
  FileEmbedded: true,
  FileEmbeddingFailed: true,
  FileEmbeddingTerminated: true,
  FileTagsSet: true,
  FileReprocessRequested: true,
  FileDeleted: true,
});

/**
 * The status a file's events leave it in (the document list and the metadata url show it). A file
 * uploaded with `ragOn` false is not embedded: processed is its last step, so it is completed then.
 */
export const fileStatusAfter = (event: FileEvent['type'], before: FileStatus, ragOn = true): FileStatus => {
  switch (event) {
    case 'FileUploadRequested':
    case 'FileUploaded':
    case 'FileReprocessRequested':
      return 'starting';
    case 'FileProcessed':
      return ragOn ? 'processing' : 'completed';
    case 'FileProcessingStarted':
    case 'FileEmbeddingQueued':
      return 'processing';
    case 'FileEmbedded':
      return 'completed';
    case 'FileProcessingFailed':
    case 'FileEmbeddingFailed':
      return 'failed';
    case 'FileEmbeddingTerminated':
      return 'terminated';
    case 'FileDeleted':
      return 'not_found';
    case 'FileTagsSet':
      return before;
  }
};
