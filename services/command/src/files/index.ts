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
