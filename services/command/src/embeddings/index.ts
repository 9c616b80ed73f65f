export { embeddingRoutesPlugin } from './embedding-routes';
export { embeddingStatusOf, type FileOwnership } from './embedding-status';
