import { z } from 'zod';
import { boundedList, boundedString, nameFields, nameKeyedRecord, nameString } from '../bounded';
import { limits } from '../limits';
import { withItem, without } from '../list-items';
import { LegacyRateLimit, normaliseRateLimit, unlimitedRateLimit, type RateLimit } from './rate-limit';
import { eventTypesOf } from '../event-types';

export const amplifyGroupsStreamId = 'config-amplifyGroups';

/**
 * An Amplify group. A group without `includeFromOtherGroups` is a system group: its
 * members, inclusions and deletion cannot be edited. When saved, `createdBy` of a new group is the
 * signed-in admin, never what was sent; `rateLimit` may be the legacy plain number (a daily rate) and
 * defaults to Unlimited; members and inclusions default to none.
 */
export const AmplifyGroup = z.object({
  groupName: nameString(nameFields.groupName),
  members: boundedList(
    boundedString('A member', limits.emailLength),
    'The members of an Amplify group',
    limits.groupMembers,
  ).default([]),
  createdBy: boundedString('Created by', limits.emailLength).default(''),
  includeFromOtherGroups: boundedList(
    nameString(nameFields.groupReference),
    'The included groups of an Amplify group',
    limits.groupInclusions,
  ).optional(),
  isBillingGroup: z.boolean().default(false),
  rateLimit: LegacyRateLimit,
});
export type AmplifyGroup = z.infer<typeof AmplifyGroup>;

/** The section as the dialog reads and saves it: groups keyed by group name. */
export const AmplifyGroupsSection = nameKeyedRecord(AmplifyGroup, {
  field: 'Amplify Groups',
  keyField: nameFields.groupName,
  max: limits.groups,
});
export type AmplifyGroupsSection = z.infer<typeof AmplifyGroupsSection>;

/** A new group's defaults: no members, no inclusions, not billing, Unlimited. */
export const defaultAmplifyGroup = (groupName: string, createdBy: string): AmplifyGroup => ({
  groupName,
  members: [],
  createdBy,
  includeFromOtherGroups: [],
  isBillingGroup: false,
  rateLimit: unlimitedRateLimit(),
});

export const isSystemGroup = (group: Pick<AmplifyGroup, 'includeFromOtherGroups'>): boolean =>
  group.includeFromOtherGroups === undefined;

type Named = { groupName: string };
export type AmplifyGroupsEvent =
  /** The whole new group; without `includeFromOtherGroups` it is a system group. */
  | { type: 'AmplifyGroupCreated'; data: AmplifyGroup }
  | { type: 'AmplifyGroupDeleted'; data: Named }
  | { type: 'AmplifyGroupMemberAdded'; data: Named & { email: string } }
  | { type: 'AmplifyGroupMemberRemoved'; data: Named & { email: string } }
  | { type: 'AmplifyGroupInclusionAdded'; data: Named & { included: string } }
  | { type: 'AmplifyGroupInclusionRemoved'; data: Named & { included: string } }
  | { type: 'AmplifyGroupBillingChanged'; data: Named & { isBillingGroup: boolean } }
  | { type: 'AmplifyGroupRateLimitChanged'; data: Named & { rateLimit: RateLimit } };

export const amplifyGroupsEventTypes = eventTypesOf<AmplifyGroupsEvent>({
  AmplifyGroupCreated: true,
  AmplifyGroupDeleted: true,
  AmplifyGroupMemberAdded: true,
  AmplifyGroupMemberRemoved: true,
  AmplifyGroupInclusionAdded: true,
  AmplifyGroupInclusionRemoved: true,
  AmplifyGroupBillingChanged: true,
  AmplifyGroupRateLimitChanged: true,
});

/**
 * How one event changes the group it names (undefined: there is no such group). Shared by the
 * decider and the projection, so both fold the log the same way.
 */
export const evolveAmplifyGroup = (
  group: AmplifyGroup | undefined,
  event: AmplifyGroupsEvent,
): AmplifyGroup | undefined => {
  if (event.type === 'AmplifyGroupCreated') {
    const { includeFromOtherGroups, ...rest } = event.data;
    return {
      ...rest,
      members: [...rest.members],
      rateLimit: normaliseRateLimit(rest.rateLimit),
      ...(includeFromOtherGroups === undefined
        ? {}
        : { includeFromOtherGroups: [...includeFromOtherGroups] }),
    };
  }
  if (!group) return undefined;
  switch (event.type) {
    case 'AmplifyGroupDeleted':
      return undefined;
    case 'AmplifyGroupMemberAdded':
      return { ...group, members: withItem(group.members, event.data.email) };
    case 'AmplifyGroupMemberRemoved':
      return { ...group, members: without(group.members, event.data.email) };
    case 'AmplifyGroupInclusionAdded':
      return {
        ...group,
        includeFromOtherGroups: withItem(group.includeFromOtherGroups ?? [], event.data.included),
      };
    case 'AmplifyGroupInclusionRemoved':
      return {
        ...group,
        includeFromOtherGroups: without(group.includeFromOtherGroups ?? [], event.data.included),
      };
    case 'AmplifyGroupBillingChanged':
      return { ...group, isBillingGroup: event.data.isBillingGroup };
    case 'AmplifyGroupRateLimitChanged':
      return { ...group, rateLimit: normaliseRateLimit(event.data.rateLimit) };
    default: {
      const never: never = event;
      throw new Error(`Unexpected event: ${JSON.stringify(never)}`);
    }
  }
};
