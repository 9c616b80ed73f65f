export * from './files';
export * from './file-events';
export * from './document-messages';
export * from './embeddings';
