import { z } from 'zod';
import { boundedList, boundedString, headerSafeString } from '../bounded';
import { successBody, successData } from '../success';

/**
 * Documents: the upload flow and the `/files` routes. A file is a
 * stream of its own (`file-<key>`); its key is chosen by the server: `<owner>/<uuid>.<ext>`.
 */
export const fileRoutes = {
  /** POST {type, name, knowledgeBase, tags, data, groupId, ragOn} → key, url, contentUrl, statusUrl, metadataUrl. */
  upload: '/api/files/upload',
  /** GET the file's status and metadata (`metadataUrl`, `statusUrl`); `:key` is URI-encoded. */
  metadataPattern: '/api/files/metadata/*',
  metadata: (key: string) => `/api/files/metadata/${encodeURIComponent(key)}`,
  download: '/files/download',
  tagsList: '/files/tags/list',
  setTags: '/files/set_tags',
  query: '/files/query',
  delete: '/files/delete',
  reprocess: '/files/reprocess/rag',
} as const;

/** Where the embedded default's blob store takes PUTs and serves GETs (HMAC-signed, expiring tokens). */
export const blobRoutes = {
  uploadPattern: '/blobs/upload/:token',
  downloadPattern: '/blobs/download/:token',
} as const;

/** The processing statuses and how the interface colours them. */
export const fileStatuses = [
  'starting',
  'processing',
  'completed',
  'failed',
  'terminated',
  'not_found',
] as const;
export const FileStatus = z.enum(fileStatuses);
export type FileStatus = z.infer<typeof FileStatus>;

export const fileLimits = {
  /** Largest file a user may upload. */
  maxBytes: 50 * 1024 * 1024,
  /** Upload and download URLs expire after this long. */
  urlSeconds: 15 * 60,
  nameLength: 255,
  typeLength: 255,
  tags: 50,
  tagLength: 100,
  /** Office archives (docx, pptx, xlsx): checked from the central directory before anything is unpacked. */
  archiveEntries: 5_000,
  archiveUncompressedBytes: 200 * 1024 * 1024,
  /** Compression ratio past which an entry is taken for a bomb. */
  archiveEntryRatio: 200,
  /** The browser waits this long for processing, polling every `pollMs`. */
  processingWaitMs: 120_000,
  pollMs: 500,
  /** Cancelling after a finished upload deletes the server file this much later. */
  deleteAfterCancelMs: 45_000,
} as const;

/** Programs and disk images: never documents (the browser refuses them, the server again). */
export const disallowedFileExtensions: ReadonlySet<string> = new Set([
  'exe',
  'dll',
  'msi',
  'bat',
  'cmd',
  'com',
  'scr',
  'app',
  'dmg',
  'iso',
  'jar',
  'apk',
]);

const Tag = boundedString('A tag', fileLimits.tagLength).trim().min(1);
export const FileTags = boundedList(Tag, 'Tags', fileLimits.tags);

/** The key the server gave a file: `<owner>/<uuid>.<ext>` (never a path a caller chose). */
export const FileKey = boundedString('The file key', 600).regex(/^[^\s]+$/, 'The file key is not valid');

export const UploadFileRequest = z.object({
  /** The MIME type the browser reports ('' when it has none). */
  type: headerSafeString('The file type', fileLimits.typeLength),
  name: headerSafeString('The file name', fileLimits.nameLength)
    .trim()
    .min(1, 'The file name cannot be empty'),
  knowledgeBase: boundedString('The knowledge base', 200).default('default'),
  tags: FileTags.default([]),
  /** Free-form data the client attaches (kept with the file, at most 16 KB once serialised). */
  data: z
    .record(z.string().max(200), z.unknown())
    .default({})
    .refine((d) => JSON.stringify(d).length <= 16 * 1024, 'The file data is too large'),
  groupId: boundedString('The group id', 200).nullable().optional(),
  ragOn: z.boolean().default(true),
  /** The file's size in bytes, when the browser knows it: refused at once past the limit. */
  size: z.number().int().nonnegative().optional(),
});
export type UploadFileRequest = z.infer<typeof UploadFileRequest>;
export type UploadFileRequestInput = z.input<typeof UploadFileRequest>;

export const UploadFileResponse = successBody({
  key: FileKey,
  /** Where the browser PUTs the bytes (with Content-MD5 and Content-Type). */
  url: z.string(),
  contentUrl: z.string(),
  statusUrl: z.string(),
  metadataUrl: z.string(),
});
export type UploadFileResponse = z.infer<typeof UploadFileResponse>;

/** What the metadata url answers: the file's processing status and what processing found. */
export const FileMetadata = z.object({
  key: FileKey,
  name: z.string(),
  type: z.string(),
  status: FileStatus,
  /** Items extracted (pages, slides, rows, paragraphs); absent until processed. */
  totalItems: z.number().int().nonnegative().optional(),
  isImage: z.boolean().optional(),
  /** Why it failed or was terminated, in words a user reads. */
  message: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
  tags: z.array(z.string()),
  /** A website's file: the address its content came from (a page, or the sitemap's own file). */
  sourceUrl: z.string().optional(),
  /** A sitemap's page: the sitemap's address (the document list groups the pages under it). */
  fromSitemap: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileMetadata = z.infer<typeof FileMetadata>;

export const FileMetadataResponse = successData(FileMetadata);
export type FileMetadataResponse = z.infer<typeof FileMetadataResponse>;

export const FileKeyRequest = z.object({
  key: FileKey,
  groupId: boundedString('The group id', 200).nullable().optional(),
});
export type FileKeyRequest = z.infer<typeof FileKeyRequest>;

export const SetFileTagsRequest = z.object({ id: FileKey, tags: FileTags });
export type SetFileTagsRequest = z.infer<typeof SetFileTagsRequest>;

export const FileQueryRequest = z.object({
  /** Matched against the name and tags, case-insensitively. */
  search: boundedString('The search', 200).optional(),
  tags: FileTags.optional(),
  pageSize: z.number().int().min(1).max(500).default(100),
  /** The `cursor` of the previous page. */
  cursor: boundedString('The cursor', 600).optional(),
});
export type FileQueryRequest = z.infer<typeof FileQueryRequest>;

export const FileQueryResponse = successBody({
  data: z.object({ items: z.array(FileMetadata), cursor: z.string().nullable() }),
});
export type FileQueryResponse = z.infer<typeof FileQueryResponse>;

export const DownloadUrlResponse = successBody({ downloadUrl: z.string() });
export type DownloadUrlResponse = z.infer<typeof DownloadUrlResponse>;

export const TagsListResponse = successBody({
  data: z.object({ tags: z.array(z.string()) }),
});
export type TagsListResponse = z.infer<typeof TagsListResponse>;

export const fileStreamId = (key: string) => `file-${key}`;
