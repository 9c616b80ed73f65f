import {
  byNameLengthDescending,
  nameFields,
  platformMessages,
  reservedNameRefusal,
  type NamedValuesSection,
} from '@app/contracts';

/** The names as the tab lists them: longest first, then alphabetically. */
export const sortedNames = (values: NamedValuesSection): string[] =>
  Object.keys(values).sort(byNameLengthDescending);

const savedValue = (saved: NamedValuesSection, name: string): string | undefined =>
  Object.hasOwn(saved, name) ? saved[name] : undefined;

/**
 * A value typed for `name`. Emptying the input of a saved value keeps the saved value (its mask goes
 * back: unchanged); any other text replaces it.
 */
export const setNamedValue = (
  values: NamedValuesSection,
  saved: NamedValuesSection,
  name: string,
  text: string,
): NamedValuesSection => ({ ...values, [name]: text === '' ? (savedValue(saved, name) ?? '') : text });

export const removeNamedValue = (values: NamedValuesSection, name: string): NamedValuesSection =>
  Object.fromEntries(Object.entries(values).filter(([n]) => n !== name));

export type NameCheck = { ok: true; name: string } | { ok: false; message: string };

/** A new name: required (trimmed) and not listed already (the input keeps it within the length limit). */
export const checkNewName = (values: NamedValuesSection, raw: string, section: string): NameCheck => {
  const name = raw.trim();
  if (name === '') return { ok: false, message: platformMessages.variableNameRequired(section) };
  const reserved = reservedNameRefusal(nameFields.variableName, name);
  if (reserved !== null) return { ok: false, message: reserved };
  if (Object.hasOwn(values, name))
    return { ok: false, message: platformMessages.variableNameRepeated(section, name) };
  return { ok: true, name };
};

export const addNamedValue = (
  values: NamedValuesSection,
  name: string,
  value: string,
): NamedValuesSection => ({
  ...values,
  [name]: value,
});

export type EntryState = 'saved' | 'changed' | 'added';

/** Whether an entry is as saved, has a new value typed, or is not saved yet. */
export const entryState = (saved: NamedValuesSection, name: string, value: string): EntryState => {
  const before = savedValue(saved, name);
  if (before === undefined) return 'added';
  return value === before ? 'saved' : 'changed';
};
