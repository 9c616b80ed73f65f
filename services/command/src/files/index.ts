export {
  fileDecider,
  FileKeyTakenError,
  NoSuchFileError,
  type FileCommand,
  type FilePhase,
  type FileProgressEvent,
  type FileState,
} from './file-decider';
export {
  fileStateOf,
  ownFile,
  recordFileProgress,
  recordFileUploaded,
  requestFileUpload,
  terminateFileEmbedding,
} from './file-commands';
export { extensionOf, fileKeyFor, ownerSegment } from './file-keys';
export { filesPlugin } from './files-plugin';
export { blobsActor, onBlobUploaded } from './blob-callback';
export { uploadRefusal } from './upload-rules';
export { reserveStorageMany } from './storage-ledger';
export { readOwnImage, sniffImageType, type OwnImage } from './image-bytes';
