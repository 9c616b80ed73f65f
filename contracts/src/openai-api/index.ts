export * from './openai-request';
export * from './openai-responses';
export * from './openai-messages';
export * from './openai-embeddings';
