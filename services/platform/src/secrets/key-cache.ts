/**
 * Unwrapped data keys kept a short while (bounded, least recently used first out), so a busy
 * conversation's requests and the projection folding them do not unwrap its key at each event. An
 * entry is found only under the wrapped form it was unwrapped from: once the `data_keys` row is
 * destroyed (its wrapped key gone) nothing reads it from here, whatever is still cached. The cache
 * owns the keys it holds (callers never zero one): a key dropped or expired is zeroed.
 */
export interface KeyCache {
  get(dataKeyId: string, wrappedKey: string): Buffer | undefined;
  set(dataKeyId: string, wrappedKey: string, key: Buffer): void;
  /** Forgets (and zeroes) every entry of that data key: it was destroyed here. */
  forget(dataKeyId: string): void;
  readonly size: number;
}

export const createKeyCache = (opts: { max: number; ttlMs: number; now?: () => number }): KeyCache => {
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, { dataKeyId: string; key: Buffer; until: number }>();
  const slot = (dataKeyId: string, wrappedKey: string) => `${dataKeyId}\u0000${wrappedKey}`;
  const drop = (name: string) => {
    entries.get(name)?.key.fill(0);
    entries.delete(name);
  };
  return {
    get: (dataKeyId, wrappedKey) => {
      const name = slot(dataKeyId, wrappedKey);
      const entry = entries.get(name);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        drop(name);
        return undefined;
      }
      // Most recently used last: the Map keeps insertion order.
      entries.delete(name);
      entries.set(name, entry);
      return entry.key;
    },
    set: (dataKeyId, wrappedKey, key) => {
      const name = slot(dataKeyId, wrappedKey);
      drop(name);
      entries.set(name, { dataKeyId, key, until: now() + opts.ttlMs });
      while (entries.size > opts.max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
    },
    forget: (dataKeyId) => {
      for (const [name, entry] of entries) if (entry.dataKeyId === dataKeyId) drop(name);
    },
    get size() {
      return entries.size;
    },
  };
};
