import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { Email } from '../email';
import { limits } from '../limits';
import { RateLimit, unlimitedRateLimit } from '../admin/rate-limit';
import { ChatId } from '../chat/chat-request';
import { ApiKeyAccessType, apiKeyAccessTypes } from './api-key-access';
import { apiKeyMessages } from './api-key-messages';
import { successBody, successList } from '../success';

/** The API keys' routes (/apiKeys). */
export const apiKeyRoutes = {
  create: '/apiKeys/keys/create',
  rotate: '/apiKeys/key/rotate',
  get: '/apiKeys/keys/get',
  systemIds: '/apiKeys/get_system_ids',
  deactivate: '/apiKeys/key/deactivate',
  update: '/apiKeys/keys/update',
} as const;

export const apiKeyLimits = {
  applicationNameLength: 200,
  applicationDescriptionLength: 2_000,
  /** Entries of one POST /apiKeys/keys/update. */
  updatesPerRequest: 50,
  /** Active keys one owner may hold (a refusal past it names the limit). */
  activeKeysPerOwner: 100,
} as const;

export const ApiKeyId = z.uuid({ version: 'v4', message: 'must be an API key id (a version-4 UUID)' });
export const ApiKeyAccessTypes = boundedList(ApiKeyAccessType, 'Access types', apiKeyAccessTypes.length)
  .min(1, apiKeyMessages.accessTypesRequired)
  .transform((types) => [...new Set(types)]);

/** The account (COA) a key's cost is attributed to: one of its owner's accounts. */
export const ApiKeyAccount = z.object({
  id: ChatId,
  name: boundedString('The account name', 200),
  isDefault: z.boolean().optional(),
});
export type ApiKeyAccount = z.infer<typeof ApiKeyAccount>;

/**
 * When a key stops working: a date (YYYY-MM-DD: the key works through that day, UTC) or an ISO
 * date-time; null: it does not expire. In the future when it is set (checked by the decider).
 */
export const ApiKeyExpiration = z
  .string()
  .max(limits.timestampLength, apiKeyMessages.expiryInvalid)
  .refine((s) => expiryInstant(s) !== null, apiKeyMessages.expiryInvalid)
  .nullable();

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const dateTime = z.iso.datetime({ offset: true });

/** The instant a key expires at: the end of a YYYY-MM-DD day (UTC), or the date-time itself; null if neither. */
export const expiryInstant = (s: string): Date | null => {
  if (dateOnly.test(s)) {
    const start = new Date(`${s}T00:00:00.000Z`);
    if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== s) return null;
    return new Date(start.getTime() + 24 * 3600 * 1000);
  }
  if (!dateTime.safeParse(s).success) return null;
  const at = new Date(s);
  return Number.isNaN(at.getTime()) ? null : at;
};

const ApplicationName = boundedString('The application name', apiKeyLimits.applicationNameLength)
  .trim()
  .min(1, apiKeyMessages.applicationNameRequired);
const ApplicationDescription = boundedString(
  'The application description',
  apiKeyLimits.applicationDescriptionLength,
);

/** The APIkey block's short names (appName, appDescription, id) are taken for the long ones. */
const withLongNames = (v: unknown): unknown => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  const o = { ...(v as Record<string, unknown>) };
  if (o.applicationName === undefined && 'appName' in o) o.applicationName = o.appName;
  if (o.applicationDescription === undefined && 'appDescription' in o)
    o.applicationDescription = o.appDescription;
  if (o.apiKeyId === undefined && 'id' in o) o.apiKeyId = o.id;
  return o;
};

/**
 * POST /apiKeys/keys/create. The owner is always the caller (an `owner` sent is ignored). A
 * delegate's key is used as the delegate: its secret is theirs alone (they rotate it to get one), so
 * its create answers no secret. A system key (`systemUse`) has no delegate and gets a `systemId`.
 */
const ApiKeyCreateFields = z.object({
  delegate: Email.nullable().optional(),
  applicationName: ApplicationName,
  applicationDescription: ApplicationDescription.default(''),
  account: ApiKeyAccount,
  rateLimit: RateLimit.default(unlimitedRateLimit()),
  expirationDate: ApiKeyExpiration.default(null),
  accessTypes: ApiKeyAccessTypes,
  systemUse: z.boolean().default(false),
});
export const ApiKeyCreateRequest = z.preprocess(withLongNames, ApiKeyCreateFields);
export type ApiKeyCreateRequest = z.infer<typeof ApiKeyCreateRequest>;
/** What a client sends (appName and appDescription are also taken for the long names). */
export type ApiKeyCreateInput = z.input<typeof ApiKeyCreateFields>;

/** POST /apiKeys/key/rotate and /apiKeys/key/deactivate. */
export const ApiKeyIdRequest = z.object({ apiKeyId: ApiKeyId });
export type ApiKeyIdRequest = z.infer<typeof ApiKeyIdRequest>;

/** One entry of POST /apiKeys/keys/update: the key and only the fields that change. */
const ApiKeyUpdateFields = z.object({
  apiKeyId: ApiKeyId,
  applicationName: ApplicationName.optional(),
  applicationDescription: ApplicationDescription.optional(),
  account: ApiKeyAccount.optional(),
  rateLimit: RateLimit.optional(),
  expirationDate: ApiKeyExpiration.optional(),
  accessTypes: ApiKeyAccessTypes.optional(),
  /** Only `true` on an inactive key means anything: it is refused (no reactivation). */
  active: z.boolean().optional(),
});
export const ApiKeyUpdate = z.preprocess(withLongNames, ApiKeyUpdateFields);
export type ApiKeyUpdate = z.infer<typeof ApiKeyUpdate>;

/** POST /apiKeys/keys/update: a list of changes, applied together or not at all. */
export const ApiKeysUpdateRequest = boundedList(
  ApiKeyUpdate,
  'API key updates',
  apiKeyLimits.updatesPerRequest,
).min(1, apiKeyMessages.nothingChanged);
export type ApiKeysUpdateRequest = z.infer<typeof ApiKeysUpdateRequest>;

/** A key as answered: never owner_api_id, never the secret nor its hash. */
export const ApiKeyView = z.object({
  apiKeyId: z.string(),
  owner: z.string(),
  delegate: z.string().nullable(),
  applicationName: z.string(),
  applicationDescription: z.string(),
  createdAt: z.string(),
  lastAccessed: z.string().nullable(),
  rateLimit: RateLimit,
  /** YYYY-MM-DD (the key works through that day, UTC), or the ISO instant it stops working at; null: never. */
  expirationDate: z.string().nullable(),
  accessTypes: z.array(ApiKeyAccessType),
  active: z.boolean(),
  account: ApiKeyAccount,
  /** A system key's id (the caller's system keys: GET /apiKeys/get_system_ids); null otherwise. */
  systemId: z.string().nullable(),
  systemUse: z.boolean(),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;

export const ApiKeysResponse = successList(ApiKeyView);
export type ApiKeysResponse = z.infer<typeof ApiKeysResponse>;

/**
 * The answer of create and rotate: `secret` is the only time the key's secret is ever answered
 * (absent on a delegate's key created by its owner).
 */
export const ApiKeySecretResponse = successBody({
  message: z.string(),
  data: z.object({ apiKeyId: z.string(), secret: z.string().optional(), key: ApiKeyView }),
});
export type ApiKeySecretResponse = z.infer<typeof ApiKeySecretResponse>;

/** Deactivate (also for a key that was inactive already: nothing recorded) and update. */
export const ApiKeyChangeResponse = successBody({
  message: z.string(),
  data: z.array(ApiKeyView),
});
export type ApiKeyChangeResponse = z.infer<typeof ApiKeyChangeResponse>;

/** GET /apiKeys/get_system_ids: the caller's active system keys. */
export const ApiKeySystemIdsResponse = successBody({
  data: z.array(z.object({ systemId: z.string(), apiKeyId: z.string(), applicationName: z.string() })),
});
export type ApiKeySystemIdsResponse = z.infer<typeof ApiKeySystemIdsResponse>;
