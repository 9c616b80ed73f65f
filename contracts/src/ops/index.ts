export * from './ops-messages';
export * from './op';
export * from './ops-http';
export * from './ops-events';
