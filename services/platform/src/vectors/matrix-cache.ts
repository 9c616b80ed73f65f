/**
 * A document's vectors held in memory: one Float32Array of n × dims (row r is chunk `indexes[r]`),
 * valid while the digest's version in `document_chunk_versions` is `version`.
 */
export interface DocumentMatrix {
  sha256: string;
  version: string;
  dims: number;
  indexes: Int32Array;
  matrix: Float32Array;
}

export interface MatrixCacheStats {
  documents: number;
  bytes: number;
  hits: number;
  loads: number;
}

const bytesOf = (m: DocumentMatrix): number => m.matrix.byteLength + m.indexes.byteLength + 200;

/**
 * Least recently used documents' matrices, bounded by bytes (a Map keeps insertion order: a hit
 * moves its entry to the end, eviction takes from the front). Per store, so per process.
 */
export const createMatrixCache = (maxBytes: number) => {
  const entries = new Map<string, DocumentMatrix>();
  let bytes = 0;
  let hits = 0;
  let loads = 0;

  const remove = (sha256: string) => {
    const e = entries.get(sha256);
    if (!e) return;
    entries.delete(sha256);
    bytes -= bytesOf(e);
  };

  return {
    enabled: maxBytes > 0,
    /** The matrix of `sha256` if it is the one of `version`; a stale one is dropped. */
    get(sha256: string, version: string | undefined): DocumentMatrix | undefined {
      const e = entries.get(sha256);
      if (!e) return undefined;
      if (e.version !== version) {
        remove(sha256);
        return undefined;
      }
      entries.delete(sha256);
      entries.set(sha256, e);
      hits++;
      return e;
    },
    set(m: DocumentMatrix) {
      loads++;
      const size = bytesOf(m);
      remove(m.sha256);
      if (size > maxBytes) return;
      entries.set(m.sha256, m);
      bytes += size;
      for (const [oldest] of entries) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    invalidate: remove,
    clear: () => {
      entries.clear();
      bytes = 0;
    },
    stats: (): MatrixCacheStats => ({ documents: entries.size, bytes, hits, loads }),
  };
};

export type MatrixCache = ReturnType<typeof createMatrixCache>;
