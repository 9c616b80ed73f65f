export * from './catalogue';
export * from './integration-http';
export * from './integration-events';
