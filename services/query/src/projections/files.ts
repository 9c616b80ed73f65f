import { assertNever, fileEventTypes, type FileEvent } from '@app/contracts';
import { tableProjection } from './projection';
import { deleteFile, insertFile, updateFile } from './file-rows';

/**
 * The users' documents (read model `files`, a user read model: each change goes to the file owner's
 * sockets only, whoever recorded it; its ids are file keys): one row per file, its status as
 * `fileStatusAfter` says, what processing found; a deleted file's row goes.
 */
export const filesProjection = tableProjection<FileEvent>('files', ['rm_files'], {
  eventTypes: fileEventTypes,
  apply: async (event, recorded, trx) => {
    switch (event.type) {
      case 'FileUploadRequested':
        return insertFile(trx, event.data, recorded);
      case 'FileDeleted':
        return deleteFile(trx, event.data.key);
      case 'FileUploaded':
      case 'FileProcessingStarted':
      case 'FileProcessed':
      case 'FileProcessingFailed':
      case 'FileEmbeddingQueued':
      case 'FileEmbedded':
      case 'FileEmbeddingFailed':
      case 'FileEmbeddingTerminated':
      case 'FileTagsSet':
      case 'FileReprocessRequested':
        return updateFile(trx, event, recorded);
      default:
        return assertNever(event);
    }
  },
});
