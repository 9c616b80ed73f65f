import {
  adminMessages,
  emptyNameMap,
  ownValue,
  findInclusionCycle,
  isEmail,
  isSystemGroup,
  normaliseEmail,
  normaliseRateLimit,
  platformMessages,
  type AmplifyGroup,
  type AmplifyGroupsSection,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { unique } from './set-diff';

/** Groups by name, in a map without a prototype (see @app/contracts' records). */
export type AmplifyGroupsState = Record<string, AmplifyGroup>;

/** The group of that name, never a member every object inherits ('constructor', 'toString'...). */
export const ownGroup = (groups: AmplifyGroupsState, name: string): AmplifyGroup | undefined =>
  ownValue(groups, name);

/** A group name as saved: trimmed, required. */
export const groupNameOf = (raw: string): string => {
  const name = raw.trim();
  if (name === '') throw new DomainError(adminMessages.groupNameRequired);
  return name;
};

/** Members trimmed, lower-cased, deduplicated, blanks dropped; an invalid email refuses the save. */
export const validMembers = (raw: readonly string[]): string[] => {
  const emails = unique(raw.map(normaliseEmail).filter((e) => e !== ''));
  const bad = emails.find((e) => !isEmail(e));
  if (bad !== undefined) throw new DomainError(platformMessages.invalidEmail(bad));
  return emails;
};

const inclusionsOf = (raw: readonly string[] | undefined): string[] =>
  unique((raw ?? []).map((g) => g.trim()).filter((g) => g !== ''));

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * One group of a whole-section save, as it will be: a new group is an ordinary one created by the
 * saving admin; an existing group keeps its creator; a system group refuses any change to its
 * members or inclusions.
 */
const nextGroup = (
  sent: AmplifyGroup,
  name: string,
  existing: AmplifyGroup | undefined,
  actor: string,
): AmplifyGroup => {
  const members = validMembers(sent.members);
  const inclusions = inclusionsOf(sent.includeFromOtherGroups);
  const common = {
    groupName: name,
    isBillingGroup: sent.isBillingGroup,
    rateLimit: normaliseRateLimit(sent.rateLimit),
  };
  if (existing && isSystemGroup(existing)) {
    if (!sameSet(members, existing.members) || inclusions.length > 0) {
      throw new DomainError(platformMessages.systemGroupLocked(name));
    }
    return { ...common, members: [...existing.members], createdBy: existing.createdBy };
  }
  return { ...common, members, createdBy: existing?.createdBy ?? actor, includeFromOtherGroups: inclusions };
};

/**
 * The section a save asks for, checked: names required and unique (ignoring case), members valid,
 * system groups untouched and not deleted, every included group existing, no inclusion cycle.
 * Keyed by the group's own (trimmed) name, in the order sent; the key it was sent under is ignored,
 * so a renamed group is a deletion and a creation.
 */
export const nextGroups = (
  sent: AmplifyGroupsSection,
  current: AmplifyGroupsState,
  actor: string,
): AmplifyGroupsState => {
  const next = emptyNameMap<AmplifyGroup>();
  const taken = new Set<string>();
  for (const group of Object.values(sent)) {
    const name = groupNameOf(group.groupName);
    if (taken.has(name.toLowerCase())) throw new DomainError(adminMessages.groupNameExists(name));
    taken.add(name.toLowerCase());
    next[name] = nextGroup(group, name, ownGroup(current, name), actor);
  }
  const deletedSystem = Object.keys(current).find((name) => {
    const group = ownGroup(current, name);
    return group !== undefined && isSystemGroup(group) && !Object.hasOwn(next, name);
  });
  if (deletedSystem !== undefined) throw new DomainError(platformMessages.systemGroupLocked(deletedSystem));
  for (const [name, group] of Object.entries(next)) {
    const unknown = (group.includeFromOtherGroups ?? []).find((g) => !Object.hasOwn(next, g));
    if (unknown !== undefined) throw new DomainError(platformMessages.unknownIncludedGroup(name, unknown));
  }
  const cycle = findInclusionCycle(next);
  if (cycle) throw new DomainError(platformMessages.groupInclusionCycle(cycle));
  return next;
};
