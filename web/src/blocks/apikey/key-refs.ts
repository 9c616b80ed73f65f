import {
  blockTexts,
  type Account,
  type ApiKeyCreateData,
  type ApiKeyCreateRequest,
  type ApiKeyRef,
  type ApiKeyUpdate,
  type ApiKeyUpdateEntry,
  type ApiKeyView,
} from '@app/contracts';

/** A block's entry matched to one of the user's keys, or why it could not be. */
export type Resolved<T> = { ok: true; key: ApiKeyView; entry: T } | { ok: false; error: string };

/**
 * The key an entry names: by its id when given, else by its application name (case-insensitive,
 * and only when exactly one key has it).
 */
export const resolveRef = <T extends ApiKeyRef>(entry: T, keys: readonly ApiKeyView[]): Resolved<T> => {
  if (entry.id !== '') {
    const key = keys.find((k) => k.apiKeyId.toLowerCase() === entry.id.toLowerCase());
    return key
      ? { ok: true, key, entry }
      : { ok: false, error: blockTexts.keyNotFound(entry.id, entry.name) };
  }
  const name = entry.name.trim().toLowerCase();
  const named = keys.filter((k) => k.applicationName.trim().toLowerCase() === name);
  const [only] = named;
  if (only === undefined) return { ok: false, error: blockTexts.keyNotFound('', entry.name) };
  if (named.length > 1) return { ok: false, error: blockTexts.keyAmbiguous(entry.name) };
  return { ok: true, key: only, entry };
};

/** The keys a GET block shows: every key for an empty list, else those it names (and what it could not find). */
export const keysToShow = (
  refs: readonly ApiKeyRef[],
  keys: readonly ApiKeyView[],
): { shown: ApiKeyView[]; errors: string[] } => {
  if (refs.length === 0) return { shown: [...keys], errors: [] };
  const resolved = refs.map((r) => resolveRef(r, keys));
  const shown: ApiKeyView[] = [];
  const errors: string[] = [];
  for (const r of resolved) {
    if (!r.ok) errors.push(r.error);
    else if (!shown.some((k) => k.apiKeyId === r.key.apiKeyId)) shown.push(r.key);
  }
  return { shown, errors };
};

/** The update request of one UPDATE entry: the key's id and only the fields the entry changes. */
export const updateOf = (apiKeyId: string, entry: ApiKeyUpdateEntry): ApiKeyUpdate => ({
  apiKeyId,
  ...(entry.appName !== undefined && { applicationName: entry.appName }),
  ...(entry.appDescription !== undefined && { applicationDescription: entry.appDescription }),
  ...(entry.account !== undefined && { account: entry.account }),
  ...(entry.rateLimit !== undefined && { rateLimit: entry.rateLimit }),
  ...(entry.expirationDate !== undefined && { expirationDate: entry.expirationDate }),
  ...(entry.accessTypes !== undefined && { accessTypes: entry.accessTypes }),
});

/** The create request of a CREATE block; a null account is the one chosen in the chat. */
export const createRequestOf = (data: ApiKeyCreateData, chatAccount: Account): ApiKeyCreateRequest => ({
  delegate: data.delegate ?? null,
  applicationName: data.appName,
  applicationDescription: data.appDescription,
  account: data.account ?? { id: chatAccount.id, name: chatAccount.name },
  rateLimit: data.rateLimit,
  expirationDate: data.expirationDate,
  accessTypes: data.accessTypes,
  systemUse: data.systemUse,
});
