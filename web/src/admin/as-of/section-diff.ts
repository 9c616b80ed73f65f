import { isMask, maskPrefix } from '@app/contracts';
import { deepEqual } from '../../state/equality';

/** One field a revert changes: `from` is the section now, `to` as it was then. */
export type FieldChange =
  | { kind: 'added'; field: string; to: string }
  | { kind: 'removed'; field: string; from: string }
  | { kind: 'changed'; field: string; from: string; to: string };

export interface DiffOptions {
  /** Every string is a secret (Application Secrets): shown as its mask only. */
  secret?: boolean;
  /** The name of the section as a whole (a list's members, a single value). */
  whole?: string;
}

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v);

const longest = 60;
const clip = (text: string): string => (text.length > longest ? `${text.slice(0, longest - 1)}…` : text);

/**
 * A value as one short line: scalars as they are (strings quoted, a secret as its mask), short lists
 * of scalars in full, anything larger as a count ('3 items', '4 fields').
 */
export const summarise = (value: unknown, secret = false): string => {
  if (value === null || value === undefined) return 'empty';
  if (typeof value === 'string') {
    if (secret || isMask(value)) return isMask(value) ? value : maskPrefix;
    return `"${clip(value)}"`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const inline = value.every(isScalar) ? `[${value.map((v) => summarise(v, secret)).join(', ')}]` : '';
    if (inline && inline.length <= longest) return inline;
    return value.length === 1 ? '1 item' : `${value.length} items`;
  }
  if (isPlain(value)) {
    const n = Object.keys(value).length;
    return n === 1 ? '1 field' : `${n} fields`;
  }
  return typeof value === 'bigint' ? String(value) : 'a value';
};

const join = (path: string, key: string): string => (path ? `${path} › ${key}` : key);

const listChanges = (field: string, now: unknown[], then: unknown[], secret: boolean): FieldChange[] => {
  const has = (list: unknown[], v: unknown) => list.some((x) => deepEqual(x, v));
  const removed = now.filter((v) => !has(then, v));
  const added = then.filter((v) => !has(now, v));
  if (removed.length === 0 && added.length === 0)
    return [{ kind: 'changed', field, from: summarise(now, secret), to: summarise(then, secret) }]; // the order only
  return [
    ...removed.map((v): FieldChange => ({ kind: 'removed', field, from: summarise(v, secret) })),
    ...added.map((v): FieldChange => ({ kind: 'added', field, to: summarise(v, secret) })),
  ];
};

const changes = (
  path: string,
  now: unknown,
  then: unknown,
  secret: boolean,
  whole: string,
): FieldChange[] => {
  if (deepEqual(now, then)) return [];
  const field = path || whole;
  if (isPlain(now) && isPlain(then)) {
    const keys = [...new Set([...Object.keys(now), ...Object.keys(then)])].sort((a, b) => a.localeCompare(b));
    return keys.flatMap((key): FieldChange[] => {
      const at = join(path, key);
      if (!Object.hasOwn(then, key))
        return [{ kind: 'removed', field: at, from: summarise(now[key], secret) }];
      if (!Object.hasOwn(now, key)) return [{ kind: 'added', field: at, to: summarise(then[key], secret) }];
      return changes(at, now[key], then[key], secret, whole);
    });
  }
  if (Array.isArray(now) && Array.isArray(then)) {
    const a: unknown[] = now;
    const b: unknown[] = then;
    if ([...a, ...b].every(isScalar)) return listChanges(field, a, b, secret);
  }
  return [{ kind: 'changed', field, from: summarise(now, secret), to: summarise(then, secret) }];
};

/**
 * What a revert brings, field by field: the section now against the section as it was then (both as
 * GET answers them, secrets already masked). Objects are compared key by key (nested keys joined by
 * ' › '), lists of plain values member by member, anything else as one summarised value.
 */
export const diffSection = (now: unknown, then: unknown, options: DiffOptions = {}): FieldChange[] =>
  changes('', now, then, options.secret ?? false, options.whole ?? 'Value');
