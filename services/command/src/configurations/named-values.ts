import { ownValue, platformMessages, type SealedSecret } from '@app/contracts';
import { DomainError } from '@app/platform/errors';

/** A value of Application Variables or Secrets once the route sealed it (never the plain value). */
export interface NamedSealedValue {
  name: string;
  value: SealedSecret;
}

export type NamedValuesState = Record<string, SealedSecret>;

export type NamedValueChange =
  | { kind: 'added'; name: string; value: SealedSecret }
  | { kind: 'changed'; name: string; value: SealedSecret }
  | { kind: 'removed'; name: string };

/** The entries with their names trimmed; a name is required and listed once. */
export const normaliseNames = <T>(
  section: string,
  entries: readonly (readonly [string, T])[],
): [string, T][] => {
  const seen = new Set<string>();
  return entries.map(([raw, value]) => {
    const name = raw.trim();
    if (name === '') throw new DomainError(platformMessages.variableNameRequired(section));
    if (seen.has(name)) throw new DomainError(platformMessages.variableNameRepeated(section, name));
    seen.add(name);
    return [name, value];
  });
};

const own = (state: NamedValuesState, name: string): SealedSecret | undefined => ownValue(state, name);

/**
 * What a whole-section save changes: names gone are removed; a value is changed only when its
 * fingerprint differs (an unchanged value, masked or typed again, changes nothing).
 */
export const diffNamedValues = (
  section: string,
  state: NamedValuesState,
  values: readonly NamedSealedValue[],
): NamedValueChange[] => {
  const next = normaliseNames(
    section,
    values.map((v) => [v.name, v.value] as const),
  );
  const names = new Set(next.map(([name]) => name));
  const removed = Object.keys(state)
    .filter((name) => !names.has(name))
    .map((name): NamedValueChange => ({ kind: 'removed', name }));
  const changed = next.flatMap(([name, value]): NamedValueChange[] => {
    const before = own(state, name);
    if (!before) return [{ kind: 'added', name, value }];
    return before.fingerprint === value.fingerprint ? [] : [{ kind: 'changed', name, value }];
  });
  return [...removed, ...changed];
};
