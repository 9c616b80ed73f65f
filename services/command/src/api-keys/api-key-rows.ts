import { randomUUID } from 'node:crypto';
import {
  expiryInstant,
  type ApiKeyAccessType,
  type ApiKeyCreatedData,
  type ApiKeySettings,
  type ApiKeyView,
  type RateLimit,
} from '@app/contracts';
import type { Db } from '@app/platform';

/**
 * The `api_keys` table (migration 0019), written in the same transaction as the key's events. It is
 * also the read model of GET /apiKeys/keys/get and /apiKeys/get_system_ids: written with the events,
 * it is never behind them (a key answered right after create or rotate is the key as it is now), and
 * it alone holds what no event may (the secret's hash) and what no event records (lastAccessed).
 */
export const apiKeyRows = {
  insert: (trx: Db, key: ApiKeyCreatedData, secretHash: string) =>
    trx
      .insertInto('api_keys')
      .values({
        id: key.apiKeyId,
        owner_api_id: `${key.owner}/${key.kind}/${randomUUID()}`,
        secret_hash: secretHash,
        kind: key.kind,
        owner: key.owner,
        delegate: key.delegate,
        system_id: key.systemId,
        application_name: key.applicationName,
        application_description: key.applicationDescription,
        account: JSON.stringify(key.account),
        rate_limit: JSON.stringify(key.rateLimit),
        access_types: key.accessTypes,
        expires_at: key.expirationDate ? expiryInstant(key.expirationDate) : null,
        active: true,
        created_at: new Date(key.createdAt),
        updated_at: new Date(key.createdAt),
      })
      .execute(),

  rotate: (trx: Db, apiKeyId: string, secretHash: string, at: Date) =>
    trx
      .updateTable('api_keys')
      .set({ secret_hash: secretHash, updated_at: at })
      .where('id', '=', apiKeyId)
      .execute(),

  update: (trx: Db, apiKeyId: string, changes: Partial<ApiKeySettings>, at: Date) =>
    trx
      .updateTable('api_keys')
      .set({
        updated_at: at,
        ...(changes.applicationName !== undefined ? { application_name: changes.applicationName } : {}),
        ...(changes.applicationDescription !== undefined
          ? { application_description: changes.applicationDescription }
          : {}),
        ...(changes.account !== undefined ? { account: JSON.stringify(changes.account) } : {}),
        ...(changes.rateLimit !== undefined ? { rate_limit: JSON.stringify(changes.rateLimit) } : {}),
        ...(changes.accessTypes !== undefined ? { access_types: changes.accessTypes } : {}),
        ...(changes.expirationDate !== undefined
          ? { expires_at: changes.expirationDate ? expiryInstant(changes.expirationDate) : null }
          : {}),
      })
      .where('id', '=', apiKeyId)
      .execute(),

  deactivate: (trx: Db, apiKeyId: string, at: Date) =>
    trx.updateTable('api_keys').set({ active: false, updated_at: at }).where('id', '=', apiKeyId).execute(),

  /** The keys `email` owns or is the delegate of (system keys are their owner's), newest first. */
  visibleTo: async (db: Db, email: string): Promise<ApiKeyView[]> =>
    (
      await db
        .selectFrom('api_keys')
        .select(viewColumns)
        .where((eb) => eb.or([eb('owner', '=', email), eb('delegate', '=', email)]))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute()
    ).map(viewOf),

  byIds: async (db: Db, ids: readonly string[]): Promise<ApiKeyView[]> =>
    ids.length === 0
      ? []
      : (await db.selectFrom('api_keys').select(viewColumns).where('id', 'in', ids).execute()).map(viewOf),

  /** The active system keys `email` owns. */
  systemIdsOf: async (db: Db, email: string) =>
    (
      await db
        .selectFrom('api_keys')
        .select(['id', 'system_id', 'application_name'])
        .where('owner', '=', email)
        .where('kind', '=', 'systemKey')
        .where('active', '=', true)
        .orderBy('created_at')
        .execute()
    ).flatMap((r) =>
      r.system_id ? [{ systemId: r.system_id, apiKeyId: r.id, applicationName: r.application_name }] : [],
    ),

  activeCountOf: async (db: Db, owner: string): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('owner', '=', owner)
          .where('active', '=', true)
          .executeTakeFirst()
      )?.n ?? 0,
    ),

  /** What a chat made with the key counts against and is attributed to. */
  forChat: (db: Db, apiKeyId: string) =>
    db
      .selectFrom('api_keys')
      .select(['id', 'owner', 'application_name', 'rate_limit', 'account'])
      .where('id', '=', apiKeyId)
      .executeTakeFirst(),
};

/** Never owner_api_id, never the secret's hash. */
const viewColumns = [
  'id',
  'owner',
  'delegate',
  'kind',
  'system_id',
  'application_name',
  'application_description',
  'account',
  'rate_limit',
  'access_types',
  'expires_at',
  'active',
  'created_at',
  'last_accessed',
] as const;

type ViewRow = {
  id: string;
  owner: string;
  delegate: string | null;
  kind: string;
  system_id: string | null;
  application_name: string;
  application_description: string;
  account: ApiKeyView['account'];
  rate_limit: { period: string; rate: number | null };
  access_types: string[];
  expires_at: Date | null;
  active: boolean;
  created_at: Date;
  last_accessed: Date | null;
};

const dayMs = 24 * 3600 * 1000;

/** A key that expires at a midnight (UTC) works through the day before: answered as that date. */
export const expirationDateOf = (expiresAt: Date): string =>
  expiresAt.getTime() % dayMs === 0
    ? new Date(expiresAt.getTime() - dayMs).toISOString().slice(0, 10)
    : expiresAt.toISOString();

const viewOf = (r: ViewRow): ApiKeyView => ({
  apiKeyId: r.id,
  owner: r.owner,
  delegate: r.delegate,
  applicationName: r.application_name,
  applicationDescription: r.application_description,
  createdAt: r.created_at.toISOString(),
  lastAccessed: r.last_accessed ? r.last_accessed.toISOString() : null,
  rateLimit: r.rate_limit as RateLimit,
  expirationDate: r.expires_at ? expirationDateOf(r.expires_at) : null,
  accessTypes: r.access_types as ApiKeyAccessType[],
  active: r.active,
  account: r.account,
  systemId: r.system_id,
  systemUse: r.kind === 'systemKey',
});
