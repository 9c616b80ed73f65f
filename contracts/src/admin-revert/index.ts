export * from './admin-revert';
