import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { fileStreamId, type EventMetadata, type FileMetadata } from '@app/contracts';
import type { BlobStore, Db } from '@app/platform';
import { ownFile, recordFileUploaded } from './file-commands';
import type { FileState } from './file-decider';

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

/**
 * A store that does not call back (S3): the bytes may be there with no FileUploaded yet. Their
 * digests are the store's when it has them, else taken from the bytes; answers whether it recorded.
 */
const noticeUpload = async (
  db: Db,
  blobs: BlobStore,
  key: string,
  metadata: EventMetadata,
): Promise<boolean> => {
  const head = await blobs.head(key);
  if (!head) return false;
  let { md5, sha256 } = head;
  if (md5 === undefined || sha256 === undefined) {
    const body = await blobs.get(key);
    if (!body) return false;
    md5 ??= createHash('md5').update(body).digest('base64');
    sha256 ??= createHash('sha256').update(body).digest('hex');
  }
  return (await recordFileUploaded(db, key, { size: head.size, md5, sha256 }, metadata)) === 'recorded';
};

/**
 * GET /api/files/metadata/<key> for its owner: the file's status and what processing found (404 for
 * anyone else). While it waits for its bytes, the store is asked whether they came.
 */
export const readFileMetadata = async (
  db: Db,
  blobs: BlobStore,
  key: string,
  metadata: EventMetadata,
): Promise<FileMetadata> => {
  const owner = metadata.actor.email;
  let state = await ownFile(db, owner, key);
  if (state.status === 'starting' && !state.uploaded && (await noticeUpload(db, blobs, key, metadata)))
    state = await ownFile(db, owner, key);
  return metadataOf(db, key, state);
};
