import type { FastifyPluginAsync } from 'fastify';
import { defaultStorageQuotaMb, type AwaitProjected, type BlobStore, type Db } from '@app/platform';
import { fileRoutesPlugin } from './file-routes';
import { fileWriteRoutesPlugin } from './file-write-routes';
import { imageRoutePlugin } from './image-route';

/** Every command-side `/api/files` and `/files` route (the reads of the document list are the query's). */
export const filesPlugin =
  (opts: {
    db: Db;
    blobs: BlobStore;
    awaitProjected: AwaitProjected;
    /** Each user's storage quota in bytes; default USER_STORAGE_QUOTA_MB's default. */
    storageQuotaBytes?: number;
  }): FastifyPluginAsync =>
  async (app) => {
    const storageQuotaBytes = opts.storageQuotaBytes ?? defaultStorageQuotaMb * 1024 * 1024;
    await app.register(fileRoutesPlugin({ db: opts.db, blobs: opts.blobs, storageQuotaBytes }));
    await app.register(fileWriteRoutesPlugin(opts));
    await app.register(imageRoutePlugin({ db: opts.db, blobs: opts.blobs }));
  };
