import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Readable } from 'node:stream';
import {
  documentMessages,
  fileLimits,
  fileStreamId,
  type EventMetadata,
  type FileMetadata,
} from '@app/contracts';
import type { BlobHead, BlobStore, Db } from '@app/platform';
import { ownFile, recordFileProgress, recordFileUploaded } from './file-commands';
import type { FileState } from './file-decider';
import { heldStorage } from './storage-ledger';

/** When the file's current life began (its last FileUploadRequested) and when it last changed. */
const timesOf = async (db: Db, key: string): Promise<{ createdAt: string; updatedAt: string }> => {
  const row = await db
    .selectFrom('events')
    .select([
      sql<Date | null>`max(recorded_at) filter (where event_type = 'FileUploadRequested')`.as('created'),
      sql<Date | null>`max(recorded_at)`.as('updated'),
    ])
    .where('stream_id', '=', fileStreamId(key))
    .executeTakeFirst();
  const now = new Date().toISOString();
  return {
    createdAt: row?.created ? new Date(row.created).toISOString() : now,
    updatedAt: row?.updated ? new Date(row.updated).toISOString() : now,
  };
};

/** The metadata url's answer, from the file's stream (fresher than any read model). */
export const metadataOf = async (db: Db, key: string, state: FileState): Promise<FileMetadata> => ({
  key,
  name: state.name,
  type: state.type,
  status: state.status,
  ...(state.totalItems === null ? {} : { totalItems: state.totalItems, isImage: state.isImage }),
  ...(state.message === null ? {} : { message: state.message }),
  ...(state.size === null ? {} : { size: state.size }),
  tags: state.tags,
  ...(state.sourceUrl === null ? {} : { sourceUrl: state.sourceUrl }),
  ...(state.fromSitemap === null ? {} : { fromSitemap: state.fromSitemap }),
  ...(await timesOf(db, key)),
});

/** The object's MD5 and SHA-256, read as a stream when the store can (else whole). */
const digestsOf = async (blobs: BlobStore, key: string): Promise<{ md5: string; sha256: string } | null> => {
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  const add = (chunk: Buffer) => {
    md5.update(chunk);
    sha256.update(chunk);
  };
  if (blobs.stream) {
    const body: Readable | null = await blobs.stream(key);
    if (!body) return null;
    for await (const chunk of body as AsyncIterable<Buffer>) add(chunk);
  } else {
    const body = await blobs.get(key);
    if (!body) return null;
    add(body);
  }
  return { md5: md5.digest('base64'), sha256: sha256.digest('hex') };
};

/** Why bytes that arrived are refused unread: past the file size limit or past what was reserved for them. */
const sizeRefusal = async (db: Db, owner: string, key: string, head: BlobHead): Promise<string | null> => {
  if (head.size > fileLimits.maxBytes) return documentMessages.tooLarge(fileLimits.maxBytes / (1024 * 1024));
  const reserved = await heldStorage(db, owner, key);
  return reserved !== null && head.size > reserved ? documentMessages.largerThanDeclared(reserved) : null;
};

/**
 * A store that does not call back (S3): the bytes may be there with no FileUploaded yet. Bytes past
 * the size limit or the file's reservation fail the file without being read (and are deleted);
 * else their digests are the store's when it has them, else taken from the bytes. Answers whether
 * it recorded.
 */
const noticeUpload = async (
  db: Db,
  blobs: BlobStore,
  owner: string,
  key: string,
  metadata: EventMetadata,
): Promise<boolean> => {
  const head = await blobs.head(key);
  if (!head) return false;
  const refusal = await sizeRefusal(db, owner, key, head);
  if (refusal !== null) {
    const failed = {
      type: 'FileProcessingFailed',
      data: { key, reason: 'too-large', message: refusal },
    } as const;
    const outcome = await recordFileProgress(db, key, failed, metadata);
    await blobs.delete(key);
    return outcome === 'recorded';
  }
  let { md5, sha256 } = head;
  if (md5 === undefined || sha256 === undefined) {
    const digests = await digestsOf(blobs, key);
    if (!digests) return false;
    md5 ??= digests.md5;
    sha256 ??= digests.sha256;
  }
  return (await recordFileUploaded(db, key, { size: head.size, md5, sha256 }, metadata)) === 'recorded';
};

/**
 * GET /api/files/metadata/<key> for its owner: the file's status and what processing found (404 for
 * anyone else). While it waits for its bytes, the store is asked whether they came.
 */
export const readFileMetadata = async (
  { db, blobs }: { db: Db; blobs: BlobStore },
  key: string,
  metadata: EventMetadata,
): Promise<FileMetadata> => {
  const owner = metadata.actor.email;
  let state = await ownFile(db, owner, key);
  if (state.status === 'starting' && !state.uploaded && (await noticeUpload(db, blobs, owner, key, metadata)))
    state = await ownFile(db, owner, key);
  return metadataOf(db, key, state);
};
