export * from './api-key-access';
export * from './api-key-messages';
export * from './api-key-http';
export * from './api-key-events';
