export * from './test-database';
export * from './model-server';
export * from './chat-model-config';
export * from './hashed-embedding';
