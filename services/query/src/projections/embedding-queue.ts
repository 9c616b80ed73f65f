import { assertNever, type FileEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import { tableProjection } from './projection';

/** The file events that change who is queued for embedding (the rest leave the queue as it is). */
export const embeddingQueueEventTypes = [
  'FileUploadRequested',
  'FileUploaded',
  'FileEmbeddingQueued',
  'FileEmbedded',
  'FileEmbeddingFailed',
  'FileEmbeddingTerminated',
  'FileProcessingFailed',
  'FileReprocessRequested',
  'FileDeleted',
] as const satisfies readonly FileEvent['type'][];

type QueueEvent = Extract<FileEvent, { type: (typeof embeddingQueueEventTypes)[number] }>;

/** A file key is `<owner>/<uuid>.<ext>`: its owner, when the upload request was not folded here. */
export const ownerOfKey = (key: string): string => key.slice(0, Math.max(0, key.indexOf('/')));

const leaveQueue = async (trx: Db, key: string) => {
  await trx
    .updateTable('rm_embedding_queue')
    .set({ queued_position: null, queued_at: null })
    .where('key', '=', key)
    .execute();
};

/**
 * The embeddings queue (read model `rm_embedding_queue`, read by GET /embedding/sqs/get): every file
 * with its owner and size, and the FileEmbeddingQueued event (position, time) while that is the
 * file's last embedding event. Embedded, failed, terminated, failed processing and reprocessing take a
 * file out of the queue; a deletion removes its row.
 */
export const embeddingQueueProjection = tableProjection<QueueEvent>(
  { name: 'embeddingQueue', readModel: null },
  ['rm_embedding_queue'],
  {
    eventTypes: embeddingQueueEventTypes,
    apply: async (event, recorded, trx) => {
      const { key } = event.data;
      switch (event.type) {
        case 'FileUploadRequested':
          await trx
            .insertInto('rm_embedding_queue')
            .values({ key, owner: event.data.owner })
            .onConflict((oc) => oc.column('key').doUpdateSet({ owner: event.data.owner }))
            .execute();
          break;
        case 'FileUploaded':
          await trx
            .insertInto('rm_embedding_queue')
            .values({ key, owner: ownerOfKey(key), size: event.data.size })
            .onConflict((oc) => oc.column('key').doUpdateSet({ size: event.data.size }))
            .execute();
          break;
        case 'FileEmbeddingQueued': {
          const queued = {
            queued_position: recorded.globalPosition,
            queued_at: new Date(recorded.recordedAt),
          };
          await trx
            .insertInto('rm_embedding_queue')
            .values({ key, owner: ownerOfKey(key), ...queued })
            .onConflict((oc) => oc.column('key').doUpdateSet(queued))
            .execute();
          break;
        }
        case 'FileEmbedded':
        case 'FileEmbeddingFailed':
        case 'FileEmbeddingTerminated':
        case 'FileProcessingFailed':
        case 'FileReprocessRequested':
          await leaveQueue(trx, key);
          break;
        case 'FileDeleted':
          await trx.deleteFrom('rm_embedding_queue').where('key', '=', key).execute();
          break;
        default:
          return assertNever(event);
      }
      return [key];
    },
  },
);
