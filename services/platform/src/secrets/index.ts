export * from './master-key';
export * from './envelope';
