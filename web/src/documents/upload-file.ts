import {
  documentMessages,
  fileLimits,
  type FileMetadata,
  type FileStatus,
  type UploadFileResponse,
} from '@app/contracts';
import type { UploadRequestBody } from '../api/files';
import type { UploadAction } from './upload-progress';

/** What the upload flow calls: the API layer in the app, fakes in the tests. */
export interface UploadPorts {
  requestUpload(body: UploadRequestBody, signal: AbortSignal): Promise<UploadFileResponse>;
  /** Why the upload request was refused: its status (or what went wrong). */
  refusedStatus(e: unknown): number | string;
  contentMd5(file: Blob): Promise<string>;
  putFile(
    url: string,
    file: Blob,
    options: {
      contentType: string;
      contentMd5: string;
      onProgress: (loaded: number, total: number) => void;
      signal: AbortSignal;
    },
  ): Promise<void>;
  fetchMetadata(metadataUrl: string, signal: AbortSignal): Promise<FileMetadata>;
  deleteFile(key: string): Promise<void>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
}

export interface UploadInput {
  file: Blob;
  /** The name as kept (runs of spaces and underscores collapsed). */
  name: string;
  /** The type to send (ts, tsx, ps1 with none: binary). */
  type: string;
  /** The document-upload feature flag: off, the attachment is done once its bytes are sent. */
  awaitProcessing: boolean;
  signal: AbortSignal;
  onProgress: (action: UploadAction) => void;
  /** The server chose the file's key. */
  onKey?: (key: string) => void;
  /** The processing status, each time it is read. */
  onStatus?: (status: FileStatus) => void;
}

export type UploadOutcome =
  | { ok: true; key: string; metadata: FileMetadata | null }
  | { ok: false; message: string; cancelled: boolean };

class UploadStop extends Error {
  constructor(
    message: string,
    readonly cancelled: boolean,
  ) {
    super(message);
  }
}

const aborted = () => new UploadStop(documentMessages.uploadAborted, true);

/** Polls the metadata url every 500 ms until processing ends, for at most 120 s. */
async function awaitProcessing(
  ports: UploadPorts,
  metadataUrl: string,
  signal: AbortSignal,
  onStatus: (status: FileStatus) => void,
): Promise<FileMetadata> {
  const deadline = ports.now() + fileLimits.processingWaitMs;
  for (;;) {
    if (signal.aborted) throw aborted();
    let metadata: FileMetadata | null = null;
    try {
      metadata = await ports.fetchMetadata(metadataUrl, signal);
    } catch {
      // A failed read is asked again until the wait is over.
      if (signal.aborted) throw aborted();
    }
    if (metadata) onStatus(metadata.status);
    if (metadata?.status === 'completed') return metadata;
    if (metadata?.status === 'failed' || metadata?.status === 'terminated')
      throw new UploadStop(metadata.message ?? documentMessages.uploadFailed, false);
    if (metadata?.status === 'not_found') throw new UploadStop(documentMessages.uploadFailed, false);
    if (ports.now() + fileLimits.pollMs > deadline)
      throw new UploadStop(documentMessages.timeoutReached, false);
    try {
      await ports.sleep(fileLimits.pollMs, signal);
    } catch {
      throw aborted();
    }
  }
}

/**
 * The upload flow: ask for a signed url, PUT the bytes with
 * their Content-MD5 (progress reported), then await processing; a failure or a cancel removes the
 * server's file. Never throws: the outcome says what happened, in `documentMessages`' words.
 */
export async function uploadFile(ports: UploadPorts, input: UploadInput): Promise<UploadOutcome> {
  const { file, signal } = input;
  let key: string | null = null;
  try {
    // The digest goes with the request (a store that signs it refuses other bytes) and with the PUT.
    const md5 = await ports.contentMd5(file);
    if (signal.aborted) throw aborted();
    let upload: UploadFileResponse;
    try {
      upload = await ports.requestUpload(
        { type: input.type, name: input.name, ragOn: true, size: file.size, md5 },
        signal,
      );
    } catch (e) {
      if (signal.aborted) throw aborted();
      throw new UploadStop(documentMessages.presignedUrlFailed(ports.refusedStatus(e)), false);
    }
    key = upload.key;
    input.onKey?.(key);
    if (signal.aborted) throw aborted();
    try {
      await ports.putFile(upload.url, file, {
        contentType: input.type === '' ? 'application/octet-stream' : input.type,
        contentMd5: md5,
        onProgress: (loaded, total) => input.onProgress({ type: 'progress', loaded, total }),
        signal,
      });
    } catch (e) {
      if (signal.aborted) throw aborted();
      throw new UploadStop(e instanceof Error ? e.message : documentMessages.uploadFailed, false);
    }
    input.onProgress({ type: 'sent' });
    const metadata = input.awaitProcessing
      ? await awaitProcessing(ports, upload.metadataUrl, signal, input.onStatus ?? (() => undefined))
      : null;
    input.onProgress({ type: 'done' });
    return { ok: true, key, metadata };
  } catch (e) {
    const stop = e instanceof UploadStop ? e : new UploadStop(documentMessages.uploadFailed, false);
    input.onProgress(
      stop.cancelled
        ? { type: 'cancelled', message: stop.message }
        : { type: 'failed', message: stop.message },
    );
    if (key !== null) await ports.deleteFile(key).catch(() => undefined);
    return { ok: false, message: stop.message, cancelled: stop.cancelled };
  }
}
