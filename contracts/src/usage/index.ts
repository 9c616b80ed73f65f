export * from './usage-messages';
export * from './usage-http';
export * from './usage-screen-messages';
