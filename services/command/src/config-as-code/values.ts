import type { ZodError } from 'zod';
import { configAsCodeMessages, sectionLabels, type SectionType } from '@app/contracts';
import { DomainError } from '@app/platform';

/** A secret as the document writes it: a reference to the value saved now, never the value. */
export interface SecretReference {
  secret: string;
}

const placeholderPattern = /^\$\{([A-Za-z_][A-Za-z0-9_]{0,127})\}$/;

export const isSecretReference = (v: unknown): v is SecretReference =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).length === 1 &&
  typeof (v as { secret?: unknown }).secret === 'string';

/** The variable a whole-value `${NAME}` placeholder names, or null. */
export const placeholderName = (v: string): string | null => placeholderPattern.exec(v)?.[1] ?? null;

/** Whether a text holds a `${...}` placeholder anywhere. */
export const hasPlaceholder = (v: string): boolean => /\$\{[^}]*\}/.test(v);

/** Where in the document a value is, as messages name it: `Supported Models › gpt-4o.name`. */
export const whereIn = (section: SectionType, path: readonly PropertyKey[]): string =>
  path.length === 0 ? sectionLabels[section] : `${sectionLabels[section]} › ${path.map(String).join('.')}`;

/** A document's mistake: a 400 with this message, nothing appended. */
export const planError = (message: string): DomainError => new DomainError(message);

/** The first issues of a contract's refusal, each with where it is. */
export const zodMessage = (section: SectionType, error: ZodError): string =>
  error.issues
    .slice(0, 3)
    .map((i) => configAsCodeMessages.invalid(whereIn(section, i.path), i.message))
    .join('\n');

/** Refuses a `${...}` anywhere in a value that holds no secret. */
export const refusePlaceholders = (section: SectionType, value: unknown, path: PropertyKey[] = []): void => {
  if (typeof value === 'string') {
    if (hasPlaceholder(value))
      throw planError(configAsCodeMessages.placeholderNotSecret(whereIn(section, path)));
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => refusePlaceholders(section, v, [...path, i]));
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) refusePlaceholders(section, v, [...path, k]);
  }
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A value in a form that compares by content: object keys sorted, lists of plain values (emails,
 * group names) sorted, since the sections hold them as sets.
 */
export const canonical = (v: unknown): unknown => {
  if (Array.isArray(v)) {
    const items = v.map(canonical);
    return items.every((i) => typeof i !== 'object' || i === null)
      ? [...items].sort((a, b) => String(a).localeCompare(String(b)))
      : items;
  }
  if (isPlainObject(v)) {
    return Object.fromEntries(
      Object.keys(v)
        .filter((k) => v[k] !== undefined)
        .sort()
        .map((k) => [k, canonical(v[k])]),
    );
  }
  return v;
};

export const sameContent = (a: unknown, b: unknown): boolean =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

const shown = (v: unknown): string => {
  const text = JSON.stringify(v) ?? 'nothing';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

const maxChanges = 500;

/**
 * The differences between two values of a section that holds no secret, one line each:
 * `+ path` added, `- path` removed, `~ path: before → after` changed.
 */
export const describeChanges = (before: unknown, after: unknown, path: string[] = []): string[] => {
  const out: string[] = [];
  const at = (p: string[]) => (p.length === 0 ? '(the section)' : p.join('.'));
  const walk = (b: unknown, a: unknown, p: string[]) => {
    if (out.length >= maxChanges || sameContent(b, a)) return;
    if (isPlainObject(b) && isPlainObject(a)) {
      for (const k of [...new Set([...Object.keys(b), ...Object.keys(a)])].sort()) {
        if (!Object.hasOwn(a, k) || a[k] === undefined) out.push(`- ${at([...p, k])}`);
        else if (!Object.hasOwn(b, k) || b[k] === undefined) out.push(`+ ${at([...p, k])}: ${shown(a[k])}`);
        else walk(b[k], a[k], [...p, k]);
      }
      return;
    }
    const plainList = (v: unknown): v is unknown[] =>
      Array.isArray(v) && v.every((i) => typeof i !== 'object' || i === null);
    if (plainList(b) && plainList(a)) {
      const was = new Set(b.map(String));
      const is = new Set(a.map(String));
      const item = (x: string) => (p.length === 0 ? x : `${at(p)}: ${x}`);
      for (const x of [...is].filter((x) => !was.has(x)).sort()) out.push(`+ ${item(x)}`);
      for (const x of [...was].filter((x) => !is.has(x)).sort()) out.push(`- ${item(x)}`);
      return;
    }
    out.push(`~ ${at(p)}: ${shown(b)} → ${shown(a)}`);
  };
  walk(before, after, path);
  return out;
};
