export * from './definition';
export * from './http';
