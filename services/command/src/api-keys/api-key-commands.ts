import { randomBytes, randomUUID } from 'node:crypto';
import {
  apiKeyStreamId,
  normaliseEmail,
  type Actor,
  type ApiKeyAccessType,
  type ApiKeyAccount,
  type ApiKeyCreatedData,
  type ApiKeySettings,
  type ApiKeyView,
  type EventMetadata,
  type RateLimit,
} from '@app/contracts';
import { inTransaction, newApiKeySecret, type Db } from '@app/platform';
import { handleCommand } from '../shared/handle-command';
import { apiKeyDecider, type ApiKeyCommand } from './api-key-decider';
import { apiKeyRows } from './api-key-rows';

/** What a new key is made of; `owner` is whoever the key belongs to (for a group: the group's owner id). */
export interface IssueApiKeyInput {
  owner: string;
  delegate?: string | null;
  applicationName: string;
  applicationDescription?: string;
  account: ApiKeyAccount;
  rateLimit: RateLimit;
  expirationDate?: string | null;
  accessTypes: ApiKeyAccessType[];
  systemUse?: boolean;
}

/** Runs `work` in `db`'s transaction when it is one, else in a new one. */
const within = <R>(db: Db, work: (trx: Db) => Promise<R>): Promise<R> =>
  db.isTransaction ? work(db) : inTransaction(db, work);

/** Event metadata for a caller outside a request (an assistant group's key): an actor is enough. */
const metadataOf = (m: EventMetadata | Actor): EventMetadata => {
  if ('commandId' in m) return m;
  const id = randomUUID();
  return { actor: m, commandId: id, correlationId: id, causationId: id, requestId: id, schemaVersion: 1 };
};

const decideOn = (trx: Db, apiKeyId: string, command: ApiKeyCommand, metadata: EventMetadata) =>
  handleCommand(trx, apiKeyDecider, apiKeyStreamId(apiKeyId), command, { metadata });

const systemIdOf = (applicationName: string): string => {
  const slug = applicationName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug || 'system'}-${randomBytes(4).toString('hex')}`;
};

const viewOfKey = async (db: Db, apiKeyId: string): Promise<ApiKeyView> => {
  const [view] = await apiKeyRows.byIds(db, [apiKeyId]);
  if (!view) throw new Error(`API key ${apiKeyId} has no row`);
  return view;
};

/**
 * Creates a key: ApiKeyCreated on `apiKey-<id>` and its row (the secret's SHA-256 only) in one
 * transaction (the caller's, when `db` is one). Answers the secret: the only time it exists outside
 * the caller's hands. Refuses (DomainError) a delegate equal to the owner, a system key with a
 * delegate, an expiry in the past, no access type.
 */
export const issueApiKey = async (
  db: Db,
  input: IssueApiKeyInput,
  metadata: EventMetadata | Actor,
): Promise<{ apiKeyId: string; secret: string; key: ApiKeyView }> => {
  const apiKeyId = randomUUID();
  const owner = normaliseEmail(input.owner);
  const delegate = input.delegate ? normaliseEmail(input.delegate) : null;
  const systemUse = input.systemUse === true;
  const now = new Date();
  const data: ApiKeyCreatedData = {
    apiKeyId,
    kind: systemUse ? 'systemKey' : delegate ? 'delegateKey' : 'ownerKey',
    owner,
    delegate,
    systemId: systemUse ? systemIdOf(input.applicationName) : null,
    createdAt: now.toISOString(),
    applicationName: input.applicationName.trim(),
    applicationDescription: input.applicationDescription ?? '',
    account: input.account,
    rateLimit: input.rateLimit,
    expirationDate: input.expirationDate ?? null,
    accessTypes: [...new Set(input.accessTypes)],
  };
  const { secret, secretHash } = newApiKeySecret();
  const key = await within(db, async (trx) => {
    await decideOn(trx, apiKeyId, { type: 'CreateApiKey', data, now: data.createdAt }, metadataOf(metadata));
    await apiKeyRows.insert(trx, data, secretHash);
    return viewOfKey(trx, apiKeyId);
  });
  return { apiKeyId, secret, key };
};

/** A new secret for the key (its delegate's, or its owner's): the old one stops working with this commit. */
export const rotateApiKey = async (
  db: Db,
  apiKeyId: string,
  by: string,
  metadata: EventMetadata | Actor,
): Promise<{ secret: string; key: ApiKeyView }> => {
  const now = new Date();
  const { secret, secretHash } = newApiKeySecret();
  const key = await within(db, async (trx) => {
    await decideOn(
      trx,
      apiKeyId,
      { type: 'RotateApiKey', apiKeyId, by: normaliseEmail(by), now: now.toISOString() },
      metadataOf(metadata),
    );
    await apiKeyRows.rotate(trx, apiKeyId, secretHash, now);
    return viewOfKey(trx, apiKeyId);
  });
  return { secret, key };
};

/**
 * Deactivates the key (for good). `alreadyInactive`: it was inactive, nothing was recorded (the
 * spec: deactivating an inactive key only says so).
 */
export const deactivateApiKey = (
  db: Db,
  apiKeyId: string,
  by: string,
  metadata: EventMetadata | Actor,
): Promise<{ alreadyInactive: boolean; key: ApiKeyView }> =>
  within(db, async (trx) => {
    const now = new Date();
    const outcome = await decideOn(
      trx,
      apiKeyId,
      { type: 'DeactivateApiKey', apiKeyId, by: normaliseEmail(by), now: now.toISOString() },
      metadataOf(metadata),
    );
    if (outcome.eventCount > 0) await apiKeyRows.deactivate(trx, apiKeyId, now);
    return { alreadyInactive: outcome.eventCount === 0, key: await viewOfKey(trx, apiKeyId) };
  });

export interface ApiKeyChange {
  apiKeyId: string;
  changes: Partial<ApiKeySettings>;
  active?: boolean;
}

/** Applies every change in one transaction, or none (the first refusal is thrown). Answers how many keys changed. */
export const updateApiKeys = (
  db: Db,
  updates: readonly ApiKeyChange[],
  by: string,
  metadata: EventMetadata,
): Promise<{ changed: number; keys: ApiKeyView[] }> =>
  within(db, async (trx) => {
    const now = new Date();
    let changed = 0;
    for (const [i, u] of updates.entries()) {
      const command: ApiKeyCommand = {
        type: 'UpdateApiKey',
        apiKeyId: u.apiKeyId,
        by: normaliseEmail(by),
        now: now.toISOString(),
        changes: u.changes,
        ...(u.active === undefined ? {} : { active: u.active }),
      };
      // One command id per entry: each key's events carry their own.
      const outcome = await decideOn(trx, u.apiKeyId, command, {
        ...metadata,
        commandId: `${metadata.commandId}#${i}`,
      });
      if (outcome.eventCount === 0) continue;
      changed += 1;
      await apiKeyRows.update(trx, u.apiKeyId, u.changes, now);
      if (u.active === false) await apiKeyRows.deactivate(trx, u.apiKeyId, now);
    }
    return {
      changed,
      keys: await apiKeyRows.byIds(
        trx,
        updates.map((u) => u.apiKeyId),
      ),
    };
  });
