import { createHash } from 'node:crypto';
import type { BlobHead, BlobStore, ChunkHit, ChunkText, StoredChunk, VectorStore } from '@app/platform';

/** In-memory stand-ins for the ports (tests and the bench). */

export interface MemoryBlobStore extends BlobStore {
  readonly objects: Map<string, { body: Buffer; contentType: string }>;
}

export const memoryBlobStore = (): MemoryBlobStore => {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const headOf = (o: { body: Buffer; contentType: string }): BlobHead => ({
    size: o.body.length,
    contentType: o.contentType,
    md5: createHash('md5').update(o.body).digest('base64'),
  });
  return {
    objects,
    signUpload: async (key) => `memory://upload/${key}`,
    signDownload: async (key) => `memory://download/${key}`,
    head: async (key) => {
      const o = objects.get(key);
      return o ? headOf(o) : null;
    },
    get: async (key) => objects.get(key)?.body ?? null,
    put: async (key, body, contentType) => void objects.set(key, { body, contentType }),
    delete: async (key) => void objects.delete(key),
  };
};

export interface MemoryVectorStore extends VectorStore {
  readonly stored: Map<string, StoredChunk[]>;
  readonly vectors: Map<string, Map<number, readonly number[]>>;
}

const cosine = (a: readonly number[], b: readonly number[]): number => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
};

export const memoryVectorStore = (): MemoryVectorStore => {
  const stored = new Map<string, StoredChunk[]>();
  const vectors = new Map<string, Map<number, readonly number[]>>();
  return {
    kind: 'exact',
    stored,
    vectors,
    putChunks: async (sha256, chunks: readonly ChunkText[]) => {
      stored.set(
        sha256,
        chunks.map((c) => ({ ...c, sha256 })),
      );
      vectors.delete(sha256);
    },
    chunks: async (sha256) => [...(stored.get(sha256) ?? [])],
    hasChunks: async (sha256) => (stored.get(sha256)?.length ?? 0) > 0,
    putVectors: async (sha256, list) => {
      const m = vectors.get(sha256) ?? new Map<number, readonly number[]>();
      for (const v of list) m.set(v.index, v.vector);
      vectors.set(sha256, m);
    },
    embeddedCount: async (sha256) => vectors.get(sha256)?.size ?? 0,
    search: async (vector, sha256s, limit) => {
      const hits: ChunkHit[] = [];
      for (const sha of sha256s)
        for (const c of stored.get(sha) ?? []) {
          const v = vectors.get(sha)?.get(c.index);
          if (v) hits.push({ ...c, score: cosine(vector, v) });
        }
      return hits.sort((a, b) => b.score - a.score).slice(0, limit);
    },
  };
};
