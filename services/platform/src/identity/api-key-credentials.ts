import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import {
  apiKeySecretPrefix,
  apiKeyUseStreamId,
  isApiKeySecretShaped,
  type Actor,
  type ApiKeyAccessType,
  type ApiKeyAccount,
  type ApiKeyRefusalReason,
  type ApiKeyUseEvent,
  type EventMetadata,
  type RateLimit,
} from '@app/contracts';
import type { Db } from '../db/database';
import { appendToStream } from '../event-store/append';
import { inTransaction } from '../event-store/log-waker';

/** A new key secret (`amp-v1-` + 32 random bytes, base64url) and the hash it is stored under. */
export const newApiKeySecret = (): { secret: string; secretHash: string } => {
  const secret = `${apiKeySecretPrefix}${randomBytes(32).toString('base64url')}`;
  return { secret, secretHash: hashApiKeySecret(secret) };
};

/** SHA-256 (base64url) of the whole secret: what the `api_keys` table holds. */
export const hashApiKeySecret = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('base64url');

/** A key as the platform checks a request against it. */
export interface ApiKeyCredential {
  id: string;
  owner: string;
  delegate: string | null;
  /** Who the request is made as: the delegate, if any, else the owner. */
  principal: string;
  applicationName: string;
  accessTypes: ApiKeyAccessType[];
  account: ApiKeyAccount;
  rateLimit: RateLimit;
  expiresAt: Date | null;
  active: boolean;
  lastAccessed: Date | null;
}

const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The key a secret belongs to, or null. A token not shaped like a secret is refused without a
 * read. The lookup is by the SHA-256 of the secret (a unique index): an index walk over hashes
 * tells a caller nothing about a secret they do not have; the hash found is compared again in
 * constant time.
 */
export const findApiKeyBySecret = async (db: Db, token: string): Promise<ApiKeyCredential | null> => {
  if (!isApiKeySecretShaped(token)) return null;
  const hash = hashApiKeySecret(token);
  const row = await db.selectFrom('api_keys').selectAll().where('secret_hash', '=', hash).executeTakeFirst();
  if (!row || !sameHash(row.secret_hash, hash)) return null;
  return {
    id: row.id,
    owner: row.owner,
    delegate: row.delegate,
    principal: row.delegate ?? row.owner,
    applicationName: row.application_name,
    accessTypes: row.access_types as ApiKeyAccessType[],
    account: row.account,
    rateLimit: row.rate_limit as RateLimit,
    expiresAt: row.expires_at,
    active: row.active,
    lastAccessed: row.last_accessed,
  };
};

/** lastAccessed moves at most once a minute per key: a write per request would be waste. */
export const touchEveryMs = 60_000;

export const touchApiKey = async (db: Db, key: ApiKeyCredential, now: Date): Promise<void> => {
  if (key.lastAccessed && now.getTime() - key.lastAccessed.getTime() < touchEveryMs) return;
  await db
    .updateTable('api_keys')
    .set({ last_accessed: now })
    .where('id', '=', key.id)
    .where((eb) =>
      eb.or([
        eb('last_accessed', 'is', null),
        eb('last_accessed', '<', new Date(now.getTime() - touchEveryMs)),
      ]),
    )
    .execute();
};

/** A refusal is recorded at most once per key, reason and this long. */
export const refusalRecordEveryMs = 60_000;

export interface ApiKeyRefusal {
  apiKeyId: string;
  reason: ApiKeyRefusalReason;
  route: string;
  message: string;
}

/**
 * Records a refused use of a key as `ApiKeyUseRefused` on `apiKeyUse-<id>`, at most once per key
 * and reason a minute: the key's row is claimed by one conditional UPDATE of `refusals_recorded`
 * (concurrent claims wait on the row lock and then find it taken), and the event is appended in the
 * same transaction. Answers whether it was recorded (false: one was recorded within the minute).
 */
export const recordApiKeyRefusal = (
  db: Db,
  refusal: ApiKeyRefusal,
  metadata: EventMetadata,
  now: Date = new Date(),
): Promise<boolean> =>
  inTransaction(db, async (trx) => {
    const at = now.toISOString();
    const cutoff = new Date(now.getTime() - refusalRecordEveryMs).toISOString();
    const claimed = await sql<{ id: string }>`
      update api_keys
         set refusals_recorded = refusals_recorded || jsonb_build_object(${refusal.reason}::text, ${at}::text)
       where id = ${refusal.apiKeyId}
         and (refusals_recorded ->> ${refusal.reason}::text is null
              or (refusals_recorded ->> ${refusal.reason}::text)::timestamptz <= ${cutoff}::timestamptz)
      returning id`.execute(trx);
    if (claimed.rows.length === 0) return false;
    const event: ApiKeyUseEvent = {
      type: 'ApiKeyUseRefused',
      data: {
        apiKeyId: refusal.apiKeyId,
        reason: refusal.reason,
        route: refusal.route.slice(0, 300),
        message: refusal.message.slice(0, 1000),
        at,
      },
    };
    await appendToStream(trx, apiKeyUseStreamId(refusal.apiKeyId), [event], {
      expectedVersion: 'any',
      metadata,
    });
    return true;
  });

/** The actor of a request made with `key`. */
export const apiKeyActor = (key: Pick<ApiKeyCredential, 'id' | 'principal'>): Actor => ({
  email: key.principal,
  kind: 'apiKey',
  apiKeyId: key.id,
});
