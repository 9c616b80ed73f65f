import {
  documentMessages,
  FileMetadata,
  FileMetadataResponse,
  fileRoutes,
  UploadFileResponse,
  type FileKeyRequest,
  type UploadFileRequestInput,
} from '@app/contracts';
import { z } from 'zod';
import { ApiError, requestJson, postJson } from './http';

/** The upload request, with the base64 MD5 the PUT will carry (the store signs it when it can). */
export type UploadRequestBody = UploadFileRequestInput & { md5?: string };

/** POST /api/files/upload: the key the server chose and where to PUT the bytes. */
export async function requestFileUpload(
  body: UploadRequestBody,
  signal?: AbortSignal,
): Promise<UploadFileResponse> {
  return (
    await requestJson('uploadFile', fileRoutes.upload, UploadFileResponse, {
      method: 'POST',
      body,
      ...(signal ? { signal } : {}),
    })
  ).body;
}

/** GET the metadata url: the file's processing status and what processing found. */
export async function fetchFileMetadata(metadataUrl: string, signal?: AbortSignal): Promise<FileMetadata> {
  return (await requestJson('getFileMetadata', metadataUrl, FileMetadataResponse, signal ? { signal } : {}))
    .body.data;
}

/** A file as the list reads it: a website's page names its address and the sitemap it came from. */
export const ListedFile = FileMetadata;
export type ListedFile = z.infer<typeof ListedFile>;

const ListedFilesResponse = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(ListedFile), cursor: z.string().nullable() }),
});

/** POST /files/query: the caller's files, most recently changed first (every page, up to `max`). */
export async function queryFiles(search = '', max = 1_000): Promise<ListedFile[]> {
  const items: ListedFile[] = [];
  let cursor: string | null = null;
  do {
    const body: { search?: string; pageSize: number; cursor?: string } = { pageSize: 500 };
    if (search !== '') body.search = search;
    if (cursor !== null) body.cursor = cursor;
    const page = (await postJson('queryFiles', fileRoutes.query, ListedFilesResponse, body)).data;
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor !== null && items.length < max);
  return items;
}

/** POST /files/delete: the file is gone from the server (and its chunks from retrieval). */
export async function deleteFile(body: FileKeyRequest): Promise<void> {
  await requestJson('deleteFile', fileRoutes.delete, z.unknown(), { method: 'POST', body });
}

export interface PutFileOptions {
  contentType: string;
  /** Base64 MD5 of the bytes: the store refuses bytes that do not match. */
  contentMd5: string;
  onProgress: (loaded: number, total: number) => void;
  signal: AbortSignal;
}

/** Why a PUT did not store the file, in `documentMessages`' words. */
export class PutFileError extends Error {
  constructor(
    message: string,
    readonly aborted: boolean,
  ) {
    super(message);
    this.name = 'PutFileError';
  }
}

/**
 * PUTs the file's bytes to the signed upload url with XMLHttpRequest (fetch reports no upload
 * progress): 'Upload failed with status code {n}', 'Network error occurred during file upload.',
 * or 'Upload file aborted' when `signal` aborts.
 */
export function putFile(url: string, file: Blob, options: PutFileOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal.aborted) {
      reject(new PutFileError(documentMessages.uploadAborted, true));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = (error: PutFileError | null) => {
      signal.removeEventListener('abort', abort);
      if (error) reject(error);
      else resolve();
    };
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', options.contentType);
    xhr.setRequestHeader('Content-MD5', options.contentMd5);
    // The URL stores bytes once: S3 signs this condition, so a PUT without it is refused.
    xhr.setRequestHeader('If-None-Match', '*');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded, event.total);
    };
    xhr.onload = () =>
      done(
        xhr.status >= 200 && xhr.status < 300
          ? null
          : new PutFileError(documentMessages.uploadFailedWithStatus(xhr.status), false),
      );
    xhr.onerror = () => done(new PutFileError(documentMessages.networkError, false));
    xhr.onabort = () => done(new PutFileError(documentMessages.uploadAborted, true));
    signal.addEventListener('abort', abort, { once: true });
    xhr.send(file);
  });
}

/**
 * The status of a refused upload request, for 'Failed to get presigned url: {status}', with the
 * server's words when it gave some (a storage quota says the quota and the use).
 */
export const refusedStatus = (e: unknown): number | string => {
  if (!(e instanceof ApiError) || e.status === null) return e instanceof Error ? e.message : String(e);
  return e.serverMessage ? `${e.status} (${e.serverMessage})` : e.status;
};
