import { historySecretMask } from '@app/contracts';

/**
 * How one admin event changes its section's fields, as the history shows them (docs/architecture.md,
 * "Admin history"). Pure: the projection hands it the section's fields as last folded and writes what
 * it answers. A section's state is `item → field → value` (strings as shown; a secret as its mask only).
 */

/** A section's fields as folded so far: `${item}\u0000${field}` → the value shown. */
export type SectionFields = Map<string, string>;

/** One field of one item that changed: null is "absent" (before its creation, after its removal). */
export interface FieldChange {
  item: string;
  field: string;
  from: string | null;
  to: string | null;
}

type Op =
  /** `secret`: a sealed value, a change even when its mask reads the same. */
  | { op: 'set'; item: string; field: string; value: string | null; secret?: true; absentAs?: string }
  | { op: 'remove'; item: string }
  | { op: 'add' | 'drop'; item: string; field: string; value: string };

export const fieldKey = (item: string, field: string): string => `${item}\u0000${field}`;

/** The keys that name an event's item, in the order looked for. */
const itemKeys = ['id', 'name', 'groupName', 'model', 'key', 'email'] as const;
/** Fields that are fingerprints or sealed copies of a field shown otherwise: never shown. */
const hiddenFields = new Set(['keyFingerprint', 'urlFingerprint', 'urlSecret', 'fingerprint']);
/** The sections whose events name items (the others, value cards, are one item: ''). */
const itemSections = new Set([
  'admins',
  'featureFlags',
  'supportedModels',
  'defaultModels',
  'amplifyGroups',
  'applicationVariables',
  'applicationSecrets',
  'openaiEndpoints',
]);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A sealed value (`SealedSecret`): its ciphertext never leaves; the history shows the mask alone. */
const isSealed = (v: unknown): boolean => isRecord(v) && 'ciphertext' in v && 'fingerprint' in v;

/** Every shown field of `data`, nested objects as `a.b`, a sealed value as its mask. */
const flatten = (data: Record<string, unknown>, prefix = ''): [string, string | null][] =>
  Object.entries(data).flatMap(([k, v]): [string, string | null][] => {
    if (hiddenFields.has(k)) return [];
    const field = prefix + k;
    if (v === null || v === undefined) return [[field, null]];
    if (isSealed(v)) return [[field, historySecretMask]];
    if (isRecord(v)) return flatten(v, `${field}.`);
    if (Array.isArray(v))
      return [[field, v.every((x) => typeof x === 'string') ? v.join(', ') : JSON.stringify(v)]];
    return [[field, typeof v === 'string' ? v : JSON.stringify(v)]];
  });

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** 'FeatureFlagUserExceptionAdded' → 'userException': the list an Added/Removed event changes. */
const listField = (type: string, section: string): string => {
  const noun = type.replace(/(Added|Removed)$/, '');
  const prefixes = ['FeatureFlag', 'AmplifyGroup', 'Model', 'LegalHold', 'OpenAi'];
  const prefix = prefixes.find((p) => noun.startsWith(p) && noun.length > p.length);
  const field = lowerFirst(prefix ? noun.slice(prefix.length) : noun);
  return field === '' ? section : field;
};

/** The ops of one event of a section's stream. */
export const opsOf = (section: string, type: string, rawData: unknown): Op[] => {
  const data = isRecord(rawData) ? rawData : {};
  // The endpoints of a model: each one a field named by its url, its key shown as a mask.
  if (type === 'OpenAiEndpointAdded' || type === 'OpenAiEndpointRemoved') {
    const item = String(data.model);
    const field = `endpoint ${String(data.url)}`;
    const value = type === 'OpenAiEndpointRemoved' ? null : data.key ? historySecretMask : 'no key';
    return [{ op: 'set', item, field, value }];
  }
  // A whole model as added (under `model`), a model's changed fields (under `changes`).
  const { changes, ...unchanged } = data;
  const body = isRecord(data.model) ? data.model : isRecord(changes) ? { ...unchanged, ...changes } : data;
  const itemKey = itemSections.has(section) ? itemKeys.find((k) => typeof body[k] === 'string') : undefined;
  const item = itemKey ? String(body[itemKey]) : '';
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => k !== itemKey));
  const restKeys = Object.keys(rest).filter((k) => !hiddenFields.has(k));
  const only = restKeys.length === 1 ? rest[restKeys[0] ?? ''] : undefined;

  // An item created without the field was off: turning it on reads from 'false'.
  if (/(Enabled|Activated)$/.test(type))
    return [{ op: 'set', item, field: 'enabled', value: 'true', absentAs: 'false' }];
  if (/(Disabled|Deactivated)$/.test(type)) return [{ op: 'set', item, field: 'enabled', value: 'false' }];
  if (/(Added|Removed)$/.test(type) && typeof only === 'string')
    return [
      { op: type.endsWith('Added') ? 'add' : 'drop', item, field: listField(type, section), value: only },
    ];
  if (/(Removed|Deleted|Cleared)$/.test(type)) return [{ op: 'remove', item }];
  const sets: Op[] = flatten(rest).map(([field, value]) =>
    value === historySecretMask
      ? { op: 'set', item, field, value, secret: true }
      : { op: 'set', item, field, value },
  );
  return /(Added|Created)$/.test(type)
    ? [{ op: 'set', item, field: 'present', value: 'yes' }, ...sets]
    : sets;
};

/** The items whose fields `ops` read: the projection loads these before folding. */
export const itemsOf = (ops: readonly Op[]): string[] => [...new Set(ops.map((o) => o.item))];

const listOf = (value: string | undefined): string[] => (value ? value.split(', ') : []);

/**
 * Folds `ops` into `fields` (changed in place) and answers the fields that changed, in order; a
 * field set to the value it had is no change.
 */
export const foldOps = (fields: SectionFields, ops: readonly Op[]): FieldChange[] => {
  const changes: FieldChange[] = [];
  const put = (item: string, field: string, to: string | null, secret = false, absentAs?: string) => {
    const key = fieldKey(item, field);
    const existing = fields.has(fieldKey(item, 'present')) ? absentAs : undefined;
    const from = fields.get(key) ?? existing ?? null;
    if (from === to && !secret) return;
    if (to === null) fields.delete(key);
    else fields.set(key, to);
    changes.push({ item, field, from, to });
  };
  for (const o of ops) {
    if (o.op === 'set') put(o.item, o.field, o.value, o.secret, o.absentAs);
    else if (o.op === 'remove') {
      const prefix = fieldKey(o.item, '');
      for (const key of [...fields.keys()].filter((k) => k.startsWith(prefix)))
        put(o.item, key.slice(prefix.length), null);
    } else {
      const list = listOf(fields.get(fieldKey(o.item, o.field)));
      const next =
        o.op === 'add' ? [...list.filter((x) => x !== o.value), o.value] : list.filter((x) => x !== o.value);
      put(o.item, o.field, next.length ? next.join(', ') : null);
    }
  }
  return changes;
};

/** The section an admin stream holds, or null for a stream that is not an admin section's. */
export const adminSectionOf = (streamId: string): string | null => {
  if (streamId.startsWith('config-')) return streamId.slice('config-'.length);
  if (streamId === 'ops-system') return 'ops';
  if (streamId === 'integrationSettings') return 'integrations';
  return null;
};

/** Who an event names as its actor, or 'unknown' for one appended by hand without it. */
export const actorOf = (metadata: unknown): string => {
  const actor = isRecord(metadata) ? metadata.actor : null;
  return isRecord(actor) && typeof actor.email === 'string' ? actor.email : 'unknown';
};

/** A session's event as a history row's item, field and value (kind 'sessions'), or null. */
export const sessionRowOf = (
  type: string,
  rawData: unknown,
): { item: string; field: string; to: string; actor: string } | null => {
  const data = isRecord(rawData) ? rawData : {};
  const email = typeof data.email === 'string' ? data.email : '';
  const from = (ip: unknown) => (typeof ip === 'string' && ip ? ` from ${ip}` : '');
  if (type === 'SignedIn')
    return { item: email, field: 'Signed in', to: `${String(data.method)}${from(data.ip)}`, actor: email };
  if (type === 'SignedOut')
    return { item: email, field: 'Signed out', to: `signed out${from(data.ip)}`, actor: email };
  if (type === 'SessionRevoked') {
    const by = typeof data.by === 'string' ? data.by : email;
    return { item: email, field: 'Session ended', to: `ended by ${by}`, actor: by };
  }
  return null;
};
