import { createHash, randomUUID } from 'node:crypto';
import type { Actor, EventMetadata } from '@app/contracts';
import type { BlobStore, BlobUploaded, Db } from '@app/platform';
import { isFeatureDataKey } from '../feature-data/index';
import { recordFileUploaded } from './file-commands';

/** Who records that bytes arrived through a signed URL: the store, on the token's authority. */
export const blobsActor: Actor = { email: 'system:blobs', kind: 'system' };

const blobMetadata = (key: string): EventMetadata => {
  const id = randomUUID();
  return {
    actor: blobsActor,
    commandId: id,
    correlationId: `blob-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};

/**
 * The filesystem store's callback once a signed PUT completed: FileUploaded with the size and
 * digests the store took (the SHA-256 is taken from the bytes when the store did not give it).
 * Bytes for a key no file has, or a deleted one, are recorded nowhere; the Feature Data tab's keys
 * are not files (their routes look for the bytes themselves).
 */
export const onBlobUploaded =
  (db: Db, blobs?: BlobStore): BlobUploaded =>
  async (key, head) => {
    if (isFeatureDataKey(key)) return;
    let { md5, sha256 } = head;
    if ((md5 === undefined || sha256 === undefined) && blobs) {
      const body = await blobs.get(key);
      if (body) {
        md5 ??= createHash('md5').update(body).digest('base64');
        sha256 ??= createHash('sha256').update(body).digest('hex');
      }
    }
    if (md5 === undefined || sha256 === undefined) throw new Error(`no digests for the blob ${key}`);
    await recordFileUploaded(db, key, { size: head.size, md5, sha256 }, blobMetadata(key));
  };
