export * from './errors';
export * from './types';
export * from './append';
export * from './read';
export * from './rows';
export * from './checkpoints';
export * from './idempotency';
export * from './catch-up-loop';
