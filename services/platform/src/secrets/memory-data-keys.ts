import type { DataKeyCount, DataKeyRecord, DataKeyStore } from './data-key-store';

/** The store in a map (unit tests): the same rules as the table, without the locks. */
export const memoryDataKeys = (): DataKeyStore & { rows: Map<string, DataKeyRecord> } => {
  const rows = new Map<string, DataKeyRecord>();
  let inUse: string | undefined;
  const claimed = (claim: string) => {
    inUse ??= claim;
    return Promise.resolve(inUse);
  };
  return {
    rows,
    masterKeyInUse: claimed,
    lockMasterKeyInUse: claimed,
    setMasterKeyInUse: (keyId) => {
      inUse = keyId;
      return Promise.resolve();
    },
    add: (record) => {
      if (rows.has(record.id)) return Promise.reject(new Error(`data key ${record.id} exists`));
      rows.set(record.id, { ...record });
      return Promise.resolve();
    },
    find: (id) => Promise.resolve(rows.has(id) ? { ...rows.get(id)! } : undefined),
    destroy: (refs) => {
      let live = 0;
      for (const ref of refs) {
        if (rows.get(ref.id)?.wrappedKey) live += 1;
        rows.set(ref.id, {
          id: ref.id,
          masterKeyId: rows.get(ref.id)?.masterKeyId ?? ref.masterKeyId,
          wrappedKey: null,
        });
      }
      return Promise.resolve(live);
    },
    liveUnder: (masterKeyId) =>
      Promise.resolve(
        [...rows.values()].flatMap((r) =>
          r.masterKeyId === masterKeyId && r.wrappedKey !== null ? [{ ...r, wrappedKey: r.wrappedKey }] : [],
        ),
      ),
    rewrap: (id, wrappedKey, masterKeyId) => {
      rows.set(id, { id, wrappedKey, masterKeyId });
      return Promise.resolve();
    },
    counts: () => {
      const by = new Map<string, DataKeyCount>();
      for (const r of rows.values()) {
        const c = by.get(r.masterKeyId) ?? { masterKeyId: r.masterKeyId, live: 0, destroyed: 0 };
        if (r.wrappedKey === null) c.destroyed += 1;
        else c.live += 1;
        by.set(r.masterKeyId, c);
      }
      return Promise.resolve([...by.values()]);
    },
  };
};
