import type { FastifyPluginAsync } from 'fastify';
import type { AwaitProjected, BlobStore, Db } from '@app/platform';
import { fileRoutesPlugin } from './file-routes';
import { fileWriteRoutesPlugin } from './file-write-routes';

/** Every command-side `/api/files` and `/files` route (the reads of the document list are the query's). */
export const filesPlugin =
  (opts: { db: Db; blobs: BlobStore; awaitProjected: AwaitProjected }): FastifyPluginAsync =>
  async (app) => {
    await app.register(fileRoutesPlugin({ db: opts.db, blobs: opts.blobs }));
    await app.register(fileWriteRoutesPlugin(opts));
  };
