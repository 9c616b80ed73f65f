export * from './admin-history';
