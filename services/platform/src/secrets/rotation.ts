import type { SealedSecret } from '@app/contracts';
import type { DataKeyCount, DataKeyStore } from './data-key-store';
import { legacyDataKeyId } from './envelope';
import { masterKeyWrapper } from './master-key-wrapper';

export interface RotationReport {
  /** Ids (digests) of the old and the new master key: safe to print, never the keys. */
  fromKeyId: string;
  toKeyId: string;
  /** Live data keys re-wrapped from the old master key to the new one. */
  rewrapped: number;
  /** First-form values still in use whose inline data key is now stored apart, under the new key. */
  adopted: number;
  /** Every data key, by master key, after the rotation (live and destroyed). */
  counts: DataKeyCount[];
}

/** The rotation cannot run; nothing was changed. The message names key ids, never a key. */
export class RotationRefusedError extends Error {
  override name = 'RotationRefusedError';
}

/**
 * Re-wraps every live data key from the master key `from` to `to`, and records `to` as the master key
 * in use; no event is touched. Run it in one transaction (`store` = pgDataKeys(trx)): it holds the
 * master key row for update, so a seal under the old key waits for it and then refuses (restart the
 * services with the new key). Running it again with the same keys re-wraps what is still under the
 * old one (nothing, or a straggler). `inUse`: the sealed values the configuration holds now; those in
 * the first form (data key inline, under `from`) get their data key stored apart so they stay
 * readable; every other first-form value in the log becomes unreadable with the old master key.
 */
export const rotateMasterKey = async (
  store: DataKeyStore,
  from: Buffer,
  to: Buffer,
  inUse: readonly SealedSecret[] = [],
): Promise<RotationReport> => {
  const oldKey = masterKeyWrapper(from);
  const newKey = masterKeyWrapper(to);
  if (oldKey.keyId === newKey.keyId)
    throw new RotationRefusedError(`The new master key is the current one (key id ${oldKey.keyId}).`);
  const current = await store.lockMasterKeyInUse(oldKey.keyId);
  if (current !== oldKey.keyId && current !== newKey.keyId) {
    throw new RotationRefusedError(
      `The old master key (key id ${oldKey.keyId}) is not the master key in use (key id ${current}): ` +
        'give the key the services run with as the old one.',
    );
  }

  let adopted = 0;
  for (const sealed of inUse) {
    if (sealed.version !== 1 || sealed.keyId !== oldKey.keyId) continue;
    const id = legacyDataKeyId(sealed);
    if (await store.find(id)) continue;
    let dataKey: Buffer;
    try {
      dataKey = oldKey.unwrapInline(sealed);
    } catch {
      throw new RotationRefusedError(
        `A value in use (first form, data key ${id}) does not open with the old master key; nothing was changed.`,
      );
    }
    try {
      await store.add({ id, wrappedKey: newKey.wrap(id, dataKey), masterKeyId: newKey.keyId });
      adopted += 1;
    } finally {
      dataKey.fill(0);
    }
  }

  const live = await store.liveUnder(oldKey.keyId);
  for (const record of live) {
    let dataKey: Buffer;
    try {
      dataKey = oldKey.unwrap(record.id, record.wrappedKey);
    } catch {
      throw new RotationRefusedError(
        `The data key ${record.id} does not open with the old master key (key id ${oldKey.keyId}); nothing was changed.`,
      );
    }
    try {
      await store.rewrap(record.id, newKey.wrap(record.id, dataKey), newKey.keyId);
    } finally {
      dataKey.fill(0);
    }
  }
  await store.setMasterKeyInUse(newKey.keyId);
  return {
    fromKeyId: oldKey.keyId,
    toKeyId: newKey.keyId,
    rewrapped: live.length,
    adopted,
    counts: await store.counts(),
  };
};
