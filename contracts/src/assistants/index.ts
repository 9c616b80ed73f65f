export * from './routes';
export * from './path';
export * from './assistant';
export * from './publishing';
export * from './events';
export * from './access';
export * from './definition';
