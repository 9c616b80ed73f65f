/** Documents in the web: the chat's attachments and sources, and the user's documents. */
export { AttachmentTray } from './components/AttachmentTray';
export { DocumentsPanel } from './components/DocumentsPanel';
export { SourcesList } from './components/SourcesList';
export { UploadButton } from './components/UploadButton';
export { addFilesAtom, takeAttachedAtom } from './state/attachment-actions';
export { attachedImagesAtom, attachedSourcesAtom, uploadsInFlightAtom } from './state/attachments';
export { loadMyDocumentsAtom, myDocumentsAtom } from './state/my-documents';
