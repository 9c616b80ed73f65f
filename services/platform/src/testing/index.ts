export * from './test-database';
export * from './model-server';
