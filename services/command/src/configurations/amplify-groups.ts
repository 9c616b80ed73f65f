import {
  adminMessages,
  emptyNameMap,
  evolveAmplifyGroup,
  isSystemGroup,
  normaliseRateLimit,
  sameRateLimit,
  unlimitedRateLimit,
  type AmplifyGroup,
  type AmplifyGroupsEvent,
  type AmplifyGroupsSection,
  type RateLimit,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import {
  nextGroups,
  ownGroup,
  groupNameOf,
  validMembers,
  type AmplifyGroupsState,
} from './amplify-groups-rules';
import { assertNever, nameMapFold, nameMapSnapshot, type Decider } from '../shared/decider';
import { diffLists } from './set-diff';

export type { AmplifyGroupsState };

export type AmplifyGroupsCommand =
  /** The dialog's whole-section save, diffed into fine-grained facts; `actor` is the signed-in admin. */
  | { type: 'UpdateAmplifyGroups'; data: { groups: AmplifyGroupsSection; actor: string } }
  /**
   * A system (built-in) group, registered by the platform: no inclusions, and its members and
   * existence cannot be edited from the dialog. Registering it again changes nothing.
   */
  | {
      type: 'RegisterSystemGroup';
      data: {
        groupName: string;
        members: string[];
        isBillingGroup?: boolean;
        rateLimit?: RateLimit;
        actor: string;
      };
    };

type E = AmplifyGroupsEvent;

/** What a save changes in one existing group, in the order an audit reads best. */
const changesOf = (name: string, before: AmplifyGroup, after: AmplifyGroup): E[] => {
  const members = diffLists(before.members, after.members);
  const inclusions = diffLists(before.includeFromOtherGroups ?? [], after.includeFromOtherGroups ?? []);
  const groupName = name;
  return [
    ...(before.isBillingGroup === after.isBillingGroup
      ? []
      : [
          {
            type: 'AmplifyGroupBillingChanged',
            data: { groupName, isBillingGroup: after.isBillingGroup },
          } as const,
        ]),
    ...(sameRateLimit(before.rateLimit, after.rateLimit)
      ? []
      : [{ type: 'AmplifyGroupRateLimitChanged', data: { groupName, rateLimit: after.rateLimit } } as const]),
    ...members.removed.map((email): E => ({ type: 'AmplifyGroupMemberRemoved', data: { groupName, email } })),
    ...members.added.map((email): E => ({ type: 'AmplifyGroupMemberAdded', data: { groupName, email } })),
    ...inclusions.removed.map((included): E => ({
      type: 'AmplifyGroupInclusionRemoved',
      data: { groupName, included },
    })),
    ...inclusions.added.map((included): E => ({
      type: 'AmplifyGroupInclusionAdded',
      data: { groupName, included },
    })),
  ];
};

const registerSystemGroup = (
  data: Extract<AmplifyGroupsCommand, { type: 'RegisterSystemGroup' }>['data'],
  state: AmplifyGroupsState,
): E[] => {
  const groupName = groupNameOf(data.groupName);
  const existing = ownGroup(state, groupName);
  if (existing && isSystemGroup(existing)) return [];
  if (Object.keys(state).some((name) => name.toLowerCase() === groupName.toLowerCase())) {
    throw new DomainError(adminMessages.groupNameExists(groupName));
  }
  const group: AmplifyGroup = {
    groupName,
    members: validMembers(data.members),
    createdBy: data.actor,
    isBillingGroup: data.isBillingGroup ?? false,
    rateLimit: normaliseRateLimit(data.rateLimit ?? unlimitedRateLimit()),
  };
  return [{ type: 'AmplifyGroupCreated', data: group }];
};

/** One copy of the map per fold; each group folded with the contracts' fold (shared with the projection). */
const groupsFold = nameMapFold<AmplifyGroup, E>((e) => e.data.groupName, evolveAmplifyGroup);

export const amplifyGroupsDecider: Decider<AmplifyGroupsState, AmplifyGroupsCommand, E> = {
  initialState: () => emptyNameMap<AmplifyGroup>(),

  decide: (command, state) => {
    switch (command.type) {
      case 'UpdateAmplifyGroups': {
        const next = nextGroups(command.data.groups, state, command.data.actor);
        const deleted = Object.keys(state)
          .filter((name) => !Object.hasOwn(next, name))
          .map((groupName): E => ({ type: 'AmplifyGroupDeleted', data: { groupName } }));
        const changed = Object.entries(next).flatMap(([name, group]): E[] => {
          const before = ownGroup(state, name);
          return before ? changesOf(name, before, group) : [{ type: 'AmplifyGroupCreated', data: group }];
        });
        return [...deleted, ...changed];
      }
      case 'RegisterSystemGroup':
        return registerSystemGroup(command.data, state);
      default:
        return assertNever(command);
    }
  },

  evolve: groupsFold.evolve,
  evolveAll: groupsFold.evolveAll,
  snapshot: nameMapSnapshot<AmplifyGroup>('amplifyGroups/1'),
};
