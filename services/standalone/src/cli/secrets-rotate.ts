import {
  createSecretBox,
  pgDataKeys,
  rotateMasterKey,
  RotationRefusedError,
  type Db,
  type RotationReport,
} from '@app/platform';
import { CliError } from './connection';
import { sealedValuesInUse } from './secrets-in-use';

/**
 * Re-wraps every data key from `oldKey` to `newKey` in one transaction (the event log untouched). A
 * refusal (the old key is not the one in use, the new one is the same) changes nothing.
 */
export const runRotation = async (db: Db, oldKey: Buffer, newKey: Buffer): Promise<RotationReport> => {
  try {
    return await db
      .transaction()
      .execute(async (trx) => rotateMasterKey(pgDataKeys(trx), oldKey, newKey, await sealedValuesInUse(trx)));
  } catch (e) {
    if (e instanceof RotationRefusedError) throw new CliError(e.message);
    throw e;
  }
};

/** What `status` reports: the master key in use, whether ours is it, the data keys by master key. */
export const keyStatus = async (db: Db, key: Buffer) => {
  const { keyId } = createSecretBox(key);
  const row = await db.selectFrom('secret_master_key').select(['key_id', 'changed_at']).executeTakeFirst();
  return {
    inUse: row?.key_id ?? null,
    changedAt: row?.changed_at ?? null,
    given: keyId,
    counts: await pgDataKeys(db).counts(),
  };
};

export const countsText = (counts: RotationReport['counts']): string =>
  counts.length === 0
    ? '  (no data keys yet)'
    : counts.map((c) => `  master key ${c.masterKeyId}: ${c.live} live, ${c.destroyed} destroyed`).join('\n');

/** The operator's next steps; names where the new key came from, never the key. */
export const rotationText = (report: RotationReport, newKeySource: string, replacedFile?: string): string =>
  [
    `Rotated the master key ${report.fromKeyId} -> ${report.toKeyId}: ${report.rewrapped} data key(s) re-wrapped` +
      (report.adopted > 0 ? `, ${report.adopted} first-form value(s) in use stored apart` : '') +
      '. No event was changed.',
    'Data keys now:',
    countsText(report.counts),
    '',
    'Next:',
    replacedFile
      ? `  1. The embedded default's key file ${replacedFile} now holds the new key.`
      : `  1. Set APP_MASTER_KEY (or APP_MASTER_KEY_FILE) for every service (command, query, workers, standalone) to the new key: the one in ${newKeySource}.`,
    '  2. Restart them. Until then a service still on the old key refuses to seal or open secrets, saying so.',
    '  3. Then destroy every copy of the old key: values sealed under it can no longer be opened by anyone.',
    '',
  ].join('\n');
