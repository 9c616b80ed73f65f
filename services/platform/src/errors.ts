/**
 * The platform's errors alone, for code that needs them and nothing else (deciders, folds): importing
 * them from here does not load the HTTP server, the database driver or the S3 client that the
 * package's index brings along. The index re-exports them too.
 */
export * from './event-store/errors';
export * from './outbound/errors';
export * from './secrets/errors';
