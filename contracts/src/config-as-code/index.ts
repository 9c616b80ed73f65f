export * from './config-as-code';
