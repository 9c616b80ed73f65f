import { z } from 'zod';
import { RateLimit } from '../admin/rate-limit';
import { ApiKeyAccount, ApiKeyExpiration, apiKeyLimits } from '../api-keys/api-key-http';
import { apiKeyAccessTypes } from '../api-keys/api-key-access';
import { Email } from '../email';
import { blockMessages } from './block-messages';
import { parseJsonBlock, type BlockParse } from './block-parse';
import { blockBoolean, blockEnum, blockList, blockObject, blockText, requiredBlockText } from './fields';

/** The ```APIkey block: OP and DATA. */
export const apiKeyOps = ['CREATE', 'UPDATE', 'GET', 'DEACTIVATE'] as const;
export type ApiKeyOp = (typeof apiKeyOps)[number];

/** Entries one UPDATE, GET or DEACTIVATE block may name. */
export const apiKeyBlockEntries = 20;

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** A key's apiKeyId, or '' when the model does not know it (the key is then found by its name). */
const KeyId = blockText('id', 100).refine((id) => id === '' || uuidV4.test(id), blockMessages.idNotKeyId);
const KeyName = blockText('name', apiKeyLimits.applicationNameLength);
const AccessTypes = blockList(blockEnum(apiKeyAccessTypes), 'accessTypes', apiKeyAccessTypes.length).min(
  1,
  blockMessages.mustNotBeEmpty,
);
const Expiration = ApiKeyExpiration;
const Account = ApiKeyAccount.nullable();

const CreateData = blockObject({
  account: Account,
  delegate: Email.nullable().optional(),
  appName: requiredBlockText('appName', apiKeyLimits.applicationNameLength),
  appDescription: blockText('appDescription', apiKeyLimits.applicationDescriptionLength),
  rateLimit: RateLimit,
  expirationDate: Expiration,
  accessTypes: AccessTypes,
  systemUse: blockBoolean(),
});
export type ApiKeyCreateData = z.output<typeof CreateData>;

const KeyRef = blockObject({ id: KeyId, name: KeyName }).refine(
  (k) => k.id !== '' || k.name.trim() !== '',
  blockMessages.idOrName,
);
export type ApiKeyRef = z.output<typeof KeyRef>;

const UpdateEntry = blockObject({
  id: KeyId,
  name: KeyName,
  appName: requiredBlockText('appName', apiKeyLimits.applicationNameLength).optional(),
  appDescription: blockText('appDescription', apiKeyLimits.applicationDescriptionLength).optional(),
  account: ApiKeyAccount.optional(),
  rateLimit: RateLimit.optional(),
  expirationDate: Expiration.optional(),
  accessTypes: AccessTypes.optional(),
})
  .refine((k) => k.id !== '' || k.name.trim() !== '', blockMessages.idOrName)
  .refine(
    (k) =>
      [k.appName, k.appDescription, k.account, k.rateLimit, k.expirationDate, k.accessTypes].some(
        (v) => v !== undefined,
      ),
    blockMessages.nothingToChange,
  );
export type ApiKeyUpdateEntry = z.output<typeof UpdateEntry>;

const noRepeats = <T extends { id: string; name: string }>(entries: readonly T[]): boolean => {
  const seen = entries.map((e) =>
    e.id !== '' ? `id:${e.id.toLowerCase()}` : `name:${e.name.trim().toLowerCase()}`,
  );
  return new Set(seen).size === seen.length;
};

const refs = <T extends z.ZodType<{ id: string; name: string }>>(entry: T, min: number) =>
  blockList(entry, 'DATA', apiKeyBlockEntries)
    .min(min, blockMessages.mustNotBeEmpty)
    .refine(noRepeats, blockMessages.repeated('a key'));

export const ApiKeyBlock = z.discriminatedUnion('OP', [
  blockObject({ OP: z.literal('CREATE'), DATA: CreateData }),
  blockObject({ OP: z.literal('UPDATE'), DATA: refs(UpdateEntry, 1) }),
  /** An empty list shows every key of the user. */
  blockObject({ OP: z.literal('GET'), DATA: refs(KeyRef, 0) }),
  blockObject({ OP: z.literal('DEACTIVATE'), DATA: refs(KeyRef, 1) }),
]);
export type ApiKeyBlock = z.output<typeof ApiKeyBlock>;

/**
 * CREATE {account (null: the default account), delegate?, appName, appDescription, rateLimit,
 * expirationDate, accessTypes, systemUse}; UPDATE [{id, name, ...changed fields}]; GET and
 * DEACTIVATE [{id, name}] ('' id: found by name; GET [] shows every key).
 */
export const parseApiKeyBlock = (text: string): BlockParse<ApiKeyBlock> => {
  const parsed = parseJsonBlock('APIkey', text, ApiKeyBlock);
  if (parsed.ok) return parsed;
  // Say plainly what is wrong with OP rather than the union's generic words.
  const json = safeJson(text);
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
    const op: unknown = (json as Record<string, unknown>)['OP'];
    if (op === undefined)
      return { ok: false, error: blockMessages.invalid('APIkey', [`OP ${blockMessages.missing}`]) };
    if (typeof op !== 'string' || !apiKeyOps.some((o) => o === op)) {
      return {
        ok: false,
        error: blockMessages.invalid('APIkey', [blockMessages.unknownOp(JSON.stringify(op))]),
      };
    }
  }
  return parsed;
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
