import {
  adminMessages,
  defaultAmplifyGroup,
  findInclusionCycle,
  isSystemGroup,
  membersOf,
  nameFields,
  platformMessages,
  reservedNameRefusal,
  type AmplifyGroup,
  type AmplifyGroupsSection,
  type RateLimit,
} from '@app/contracts';

export type NewGroupCheck = { ok: true; name: string } | { ok: false; message: string };

const own = (groups: AmplifyGroupsSection, name: string): AmplifyGroup | undefined =>
  Object.hasOwn(groups, name) ? groups[name] : undefined;

/** The create form: a name is required and unique, ignoring case as the server does. */
export const checkNewGroup = (raw: string, groups: AmplifyGroupsSection): NewGroupCheck => {
  const name = raw.trim();
  if (name === '') return { ok: false, message: adminMessages.groupNameRequired };
  const reserved = reservedNameRefusal(nameFields.groupName, name);
  if (reserved !== null) return { ok: false, message: reserved };
  const taken = Object.keys(groups).some((g) => g.toLowerCase() === name.toLowerCase());
  return taken ? { ok: false, message: adminMessages.groupNameExists(name) } : { ok: true, name };
};

/** A new group with the contracts' defaults, created by the signed-in admin (the server says so too). */
export const addGroup = (
  groups: AmplifyGroupsSection,
  name: string,
  createdBy: string,
): AmplifyGroupsSection => ({
  ...groups,
  [name]: defaultAmplifyGroup(name, createdBy),
});

/** The groups that include `name`, sorted. */
export const includedBy = (groups: AmplifyGroupsSection, name: string): string[] =>
  Object.entries(groups)
    .filter(([, g]) => (g.includeFromOtherGroups ?? []).includes(name))
    .map(([n]) => n)
    .sort((a, b) => a.localeCompare(b));

/** A deleted group also leaves the inclusions of the groups that included it. System groups stay. */
export const deleteGroup = (groups: AmplifyGroupsSection, name: string): AmplifyGroupsSection => {
  const group = own(groups, name);
  if (!group || isSystemGroup(group)) return groups;
  const next: AmplifyGroupsSection = {};
  for (const [n, g] of Object.entries(groups)) {
    if (n === name) continue;
    next[n] =
      g.includeFromOtherGroups?.includes(name) === true
        ? { ...g, includeFromOtherGroups: g.includeFromOtherGroups.filter((i) => i !== name) }
        : g;
  }
  return next;
};

const change = (
  groups: AmplifyGroupsSection,
  name: string,
  update: (group: AmplifyGroup) => AmplifyGroup,
): AmplifyGroupsSection => {
  const group = own(groups, name);
  return group ? { ...groups, [name]: update(group) } : groups;
};

/** Members of an ordinary group; a system group's members cannot be edited. */
export const setMembers = (groups: AmplifyGroupsSection, name: string, members: readonly string[]) =>
  change(groups, name, (g) => (isSystemGroup(g) ? g : { ...g, members: [...members] }));

/** Inclusions of an ordinary group; a system group has none. */
export const setInclusions = (groups: AmplifyGroupsSection, name: string, included: readonly string[]) =>
  change(groups, name, (g) => (isSystemGroup(g) ? g : { ...g, includeFromOtherGroups: [...included] }));

export const setBilling = (groups: AmplifyGroupsSection, name: string, isBillingGroup: boolean) =>
  change(groups, name, (g) => ({ ...g, isBillingGroup }));

/** The group's rate limit, changed from the one it has now. */
export const setGroupRateLimit = (
  groups: AmplifyGroupsSection,
  name: string,
  update: (current: RateLimit) => RateLimit,
) => change(groups, name, (g) => ({ ...g, rateLimit: update(g.rateLimit) }));

/**
 * Whether `name`, already including `current`, may also include `candidate`: null when it may, or
 * the message naming the cycle it would make.
 */
export const inclusionRefusal = (
  groups: AmplifyGroupsSection,
  name: string,
  current: readonly string[],
  candidate: string,
): string | null => {
  const next = setInclusions(groups, name, [...current.filter((g) => g !== candidate), candidate]);
  const cycle = findInclusionCycle(next);
  return cycle ? platformMessages.groupInclusionCycle(cycle) : null;
};

/** The groups `name` may choose among for its inclusions: every other group, by name. */
export const inclusionOptions = (groups: AmplifyGroupsSection, name: string): string[] =>
  Object.keys(groups)
    .filter((g) => g !== name)
    .sort((a, b) => a.localeCompare(b));

export interface GroupRow extends AmplifyGroup {
  /** Added in this dialog, not saved yet. */
  isNew: boolean;
  /** No includeFromOtherGroups: members, inclusions and deletion are read-only. */
  isSystem: boolean;
  /** Members in all, through inclusions too. */
  memberCount: number;
}

/** The table's rows: sorted by name, filtered by the (lower-cased) search on names and members. */
export const groupRows = (
  groups: AmplifyGroupsSection,
  search: string,
  saved: AmplifyGroupsSection,
): GroupRow[] => {
  const term = search.trim().toLowerCase();
  return Object.entries(groups)
    .filter(
      ([name, g]) =>
        term === '' ||
        name.toLowerCase().includes(term) ||
        g.members.some((m) => m.toLowerCase().includes(term)),
    )
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, g]) => ({
      ...g,
      isNew: !Object.hasOwn(saved, name),
      isSystem: isSystemGroup(g),
      memberCount: membersOf(groups, name).length,
    }));
};

/** At most `max` items shown, the rest counted. */
export const firstOf = (items: readonly string[], max: number): { shown: string[]; more: number } => ({
  shown: items.slice(0, max),
  more: Math.max(0, items.length - max),
});
