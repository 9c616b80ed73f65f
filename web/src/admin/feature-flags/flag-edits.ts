import {
  adminMessages,
  defaultFeatureFlag,
  nameFields,
  reservedNameRefusal,
  toFeatureFlagName,
  type FeatureFlag,
  type FeatureFlagsSection,
} from '@app/contracts';

export type NewFlagCheck = { ok: true; name: string } | { ok: false; message: string };

/** The add form: name required, spaces to camelCase, unique (the contracts' two messages). */
export const checkNewFlag = (raw: string, flags: FeatureFlagsSection): NewFlagCheck => {
  const name = toFeatureFlagName(raw);
  if (name === '') return { ok: false, message: adminMessages.featureNameRequired };
  const reserved = reservedNameRefusal(nameFields.flagName, name);
  if (reserved !== null) return { ok: false, message: reserved };
  if (Object.hasOwn(flags, name)) return { ok: false, message: adminMessages.featureNameUnique };
  return { ok: true, name };
};

/** A new flag takes the defaults: disabled, no exceptions. */
export const addFlag = (flags: FeatureFlagsSection, name: string): FeatureFlagsSection => ({
  ...flags,
  [name]: defaultFeatureFlag(),
});

export const removeFlag = (flags: FeatureFlagsSection, name: string): FeatureFlagsSection => {
  const { [name]: _removed, ...rest } = flags;
  return rest;
};

const changeFlag = (
  flags: FeatureFlagsSection,
  name: string,
  change: (flag: FeatureFlag) => FeatureFlag,
): FeatureFlagsSection => {
  const flag = flags[name];
  return flag ? { ...flags, [name]: change(flag) } : flags;
};

export const toggleFlag = (flags: FeatureFlagsSection, name: string): FeatureFlagsSection =>
  changeFlag(flags, name, (f) => ({ ...f, enabled: !f.enabled }));

export type ExceptionKind = 'users' | 'groups';

export const exceptionsOf = (flag: FeatureFlag, kind: ExceptionKind): string[] =>
  kind === 'users' ? flag.userExceptions : flag.amplifyGroupExceptions;

export const setExceptions = (
  flags: FeatureFlagsSection,
  name: string,
  kind: ExceptionKind,
  list: readonly string[],
): FeatureFlagsSection =>
  changeFlag(flags, name, (f) =>
    kind === 'users' ? { ...f, userExceptions: [...list] } : { ...f, amplifyGroupExceptions: [...list] },
  );

export interface FlagRow extends FeatureFlag {
  name: string;
  /** Added in this dialog, not saved yet. */
  isNew: boolean;
}

/** The table's rows: sorted by name, filtered by the (lower-cased) search. */
export const flagRows = (
  flags: FeatureFlagsSection,
  search: string,
  saved: FeatureFlagsSection,
): FlagRow[] => {
  const term = search.trim().toLowerCase();
  return Object.entries(flags)
    .filter(([name]) => term === '' || name.toLowerCase().includes(term))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, flag]) => ({ name, ...flag, isNew: !Object.hasOwn(saved, name) }));
};
