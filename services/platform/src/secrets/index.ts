export * from './master-key';
export * from './resolve-master-key';
export * from './errors';
export * from './data-key-store';
export * from './memory-data-keys';
export * from './pg-data-keys';
export * from './envelope';
export * from './rotation';
