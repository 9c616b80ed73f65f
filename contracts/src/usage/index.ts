export * from './usage-messages';
export * from './usage-http';
