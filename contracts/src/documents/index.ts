export * from './files';
export * from './file-events';
export * from './document-messages';
export * from './embeddings';
export * from './chunking';
export * from './feature-data';
export * from './url-check';
export * from './websites';
