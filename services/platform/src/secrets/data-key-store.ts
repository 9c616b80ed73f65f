/** A data_keys row: `wrappedKey` is null once the key was destroyed. */
export interface DataKeyRecord {
  id: string;
  wrappedKey: string | null;
  masterKeyId: string;
}

/** Which data key, under which master key: enough to destroy it without opening anything. */
export interface DataKeyRef {
  id: string;
  masterKeyId: string;
}

export interface DataKeyCount {
  masterKeyId: string;
  live: number;
  destroyed: number;
}

/**
 * Where data keys live: the `data_keys` table seen through one transaction (pgDataKeys), or a map
 * (memoryDataKeys, for unit tests). Keys written through a transaction commit with its events.
 */
export interface DataKeyStore {
  /**
   * The id of the master key data keys are wrapped under now, recorded as `claim` when none is yet;
   * held (share lock) until the transaction ends, so a rotation waits for it.
   */
  masterKeyInUse(claim: string): Promise<string>;
  /** The same, held for a rotation (update lock). */
  lockMasterKeyInUse(claim: string): Promise<string>;
  setMasterKeyInUse(keyId: string): Promise<void>;
  add(record: DataKeyRecord & { wrappedKey: string }): Promise<void>;
  find(id: string): Promise<DataKeyRecord | undefined>;
  /** Destroys the keys (a row is written for a key never stored, so it stays destroyed); answers how many were live. */
  destroy(refs: readonly DataKeyRef[]): Promise<number>;
  /** The live keys wrapped under that master key. */
  liveUnder(masterKeyId: string): Promise<(DataKeyRecord & { wrappedKey: string })[]>;
  rewrap(id: string, wrappedKey: string, masterKeyId: string): Promise<void>;
  counts(): Promise<DataKeyCount[]>;
}
