export {
  createEmbedder,
  EmbeddingCallError,
  type Embedder,
  type EmbedderOptions,
  type EmbeddingSession,
} from './embedder';
export {
  EmbeddingUnavailableError,
  embeddingUnavailableReasons,
  resolveEmbeddings,
  type ResolvedEmbeddings,
} from './resolve-embeddings';
export {
  azureEmbeddingsApiVersion,
  embeddingModelFor,
  embeddingsCallUrl,
  embeddingsUrlOf,
} from './embedding-models';
