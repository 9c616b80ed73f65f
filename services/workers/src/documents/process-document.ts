import { createHash } from 'node:crypto';
import {
  documentMessages,
  fileLimits,
  isWebsiteFileType,
  websiteReadAs,
  type FileEvent,
} from '@app/contracts';
import type { BlobStore, ChunkText, VectorStore } from '@app/platform';
import { itemsOf } from './chunk-text';
import { extractOnThisThread, isRefusal, type ExtractDocument } from './extract-document';
import type { Extractors } from './extract/index';
import { sniffType } from './sniff-type';
import type { Refusal } from './types';

/** The reports the processing worker makes on a file (recordFileProgress's events). */
export type ProgressEvent = Extract<
  FileEvent,
  {
    type:
      | 'FileProcessingStarted'
      | 'FileProcessed'
      | 'FileProcessingFailed'
      | 'FileEmbeddingQueued'
      | 'FileEmbedded';
  }
>;

/** What processing needs to know of the file (from its stream's state). */
export interface FileToProcess {
  key: string;
  name: string;
  /** The MIME type the browser reported ('' when none). */
  type: string;
  ragOn: boolean;
}

export interface ProcessingDeps {
  blobs: Pick<BlobStore, 'head' | 'get'>;
  vectors: Pick<VectorStore, 'hasChunks' | 'chunks' | 'putChunks' | 'embeddedCount'>;
  /** Records one report; 'ignored' (deleted, terminated, out of order) stops the processing. */
  record: (event: ProgressEvent) => Promise<'recorded' | 'ignored'>;
  /** The model an earlier identical file was embedded with ('' when unknown). */
  embeddedModelOf: (sha256: string) => Promise<string>;
  /**
   * Reads the document: the extraction pool's `extract` in the workers (a thread of its own, bounded);
   * unset, extraction runs on the calling thread with `extractors` (tests, the bench's direct figure).
   */
  extract?: ExtractDocument;
  extractors?: Extractors;
  maxBytes?: number;
}

export type ProcessingOutcome =
  | {
      outcome: 'processed';
      sha256: string;
      reused: boolean;
      totalItems: number;
      chunks: number;
      next: 'queued' | 'embedded' | 'none';
    }
  | { outcome: 'refused'; refusal: Refusal }
  /** The file was deleted or terminated meanwhile, or the report did not fit its state. */
  | { outcome: 'stopped' };

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const stopped = { outcome: 'stopped' } as const;

/**
 * One file through processing: size (head), bytes, SHA-256, type from content, then either the earlier
 * result for the same content (nothing extracted) or extraction (limits included) and chunking; every
 * step recorded. With RAG on it then asks for embedding, unless the same content is embedded already.
 */
export const processDocument = async (
  file: FileToProcess,
  deps: ProcessingDeps,
): Promise<ProcessingOutcome> => {
  const extract = deps.extract ?? extractOnThisThread(deps.extractors);
  const maxBytes = deps.maxBytes ?? fileLimits.maxBytes;
  const refuse = async (refusal: Refusal): Promise<ProcessingOutcome> => {
    const r = await deps.record({
      type: 'FileProcessingFailed',
      data: { key: file.key, reason: refusal.reason, message: refusal.message },
    });
    return r === 'recorded' ? { outcome: 'refused', refusal } : stopped;
  };

  // Checked on the blob's head (no download of a file too large), and again on what was read.
  const blobMissing: Refusal = { reason: 'blob-missing', message: documentMessages.fileNotFound };
  const tooLarge: Refusal = {
    reason: 'too-large',
    message: documentMessages.tooLarge(Math.round(maxBytes / (1024 * 1024))),
  };
  const head = await deps.blobs.head(file.key);
  if (!head) return refuse(blobMissing);
  if (head.size > maxBytes) return refuse(tooLarge);
  const bytes = await deps.blobs.get(file.key);
  if (!bytes) return refuse(blobMissing);
  if (bytes.length > maxBytes) return refuse(tooLarge);
  const sha256 = sha256Of(bytes);

  // A website's page or a sitemap's listing is named by its address: read it as what it was served as.
  const name = isWebsiteFileType(file.type) ? websiteReadAs(file.name, head.contentType) : file.name;
  const claimedType = isWebsiteFileType(file.type) ? head.contentType : file.type;
  const sniffed = await sniffType({ name, claimedType, bytes });
  if (!sniffed.ok) return refuse(sniffed.refusal);
  const { format, mime } = sniffed.sniffed;
  if (
    (await deps.record({ type: 'FileProcessingStarted', data: { key: file.key, detectedType: mime } })) ===
    'ignored'
  )
    return stopped;

  let chunks: ChunkText[] | null = null;
  let totalItems: number;
  let isImage = format === 'image';
  const reused = await deps.vectors.hasChunks(sha256);
  if (reused) {
    const earlier = await deps.vectors.chunks(sha256);
    totalItems = itemsOf(earlier);
    chunks = earlier;
  } else {
    const read = await extract({ name: file.name, format, bytes });
    if (isRefusal(read)) return refuse(read);
    isImage = read.isImage;
    if (read.totalItems === 0 && !isImage)
      return refuse({ reason: 'no-text', message: documentMessages.noTextExtracted });
    chunks = read.chunks;
    if (chunks.length === 0 && !isImage)
      return refuse({ reason: 'no-text', message: documentMessages.noTextExtracted });
    totalItems = read.totalItems;
    if (chunks.length > 0) await deps.vectors.putChunks(sha256, chunks);
  }
  const processed = await deps.record({
    type: 'FileProcessed',
    data: { key: file.key, sha256, totalItems, chunks: chunks.length, isImage, reused },
  });
  if (processed === 'ignored') return stopped;
  const done = { outcome: 'processed', sha256, reused, totalItems, chunks: chunks.length } as const;
  if (!file.ragOn) return { ...done, next: 'none' };

  const embedded = chunks.length === 0 ? 0 : await deps.vectors.embeddedCount(sha256);
  if (embedded === chunks.length) {
    const model = chunks.length === 0 ? '' : await deps.embeddedModelOf(sha256);
    const r = await deps.record({
      type: 'FileEmbedded',
      data: { key: file.key, sha256, chunks: chunks.length, model },
    });
    return r === 'recorded' ? { ...done, next: 'embedded' } : stopped;
  }
  const r = await deps.record({
    type: 'FileEmbeddingQueued',
    data: { key: file.key, sha256, chunks: chunks.length },
  });
  return r === 'recorded' ? { ...done, next: 'queued' } : stopped;
};
