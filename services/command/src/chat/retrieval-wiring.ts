import type { Db, OutboundClient, SecretBox, VectorStore } from '@app/platform';
import { createEmbedder } from '../documents/index';
import { fileStateOf } from '../files/index';
import { retrieverFor, type ChatRetriever } from './retrieval';

/**
 * The chat's retrieval on the platform's ports: the files' streams (who owns a key, its status and
 * content digest), the admin's default embeddings model for the question, the vector store's search.
 */
export const chatRetrieverFor = (
  opts: { db: Db; secrets: SecretBox; outbound: OutboundClient; vectors: VectorStore },
  onError: (e: unknown) => void,
): ChatRetriever => {
  const embedder = createEmbedder({ db: opts.db, secrets: opts.secrets, outbound: opts.outbound });
  return retrieverFor(
    {
      fileStateOf: (key) => fileStateOf(opts.db, key),
      embedQuery: (text, signal) => embedder.embedQuery(text, signal),
      search: (vector, sha256s, limit) => opts.vectors.search(vector, sha256s, limit),
    },
    onError,
  );
};
