export * from './address-class';
export * from './allow-list';
export * from './errors';
export * from './guarded-connector';
export * from './client';
