/** Builders shared by the Amplify groups decider tests: groups as sent, events as decided. */
import { type AmplifyGroup, type AmplifyGroupsEvent, type RateLimit } from '@app/contracts';
import { amplifyGroupsDecider } from '../../src/configurations/amplify-groups';
import { DeciderSpecification } from './decider-spec';

export const given = DeciderSpecification.for(amplifyGroupsDecider);
export type E = AmplifyGroupsEvent;

export const ann = 'ann@example.com';
export const bob = 'bob@example.com';
export const carl = 'carl@example.com';
export const unlimited: RateLimit = { period: 'Unlimited', rate: null };

/** A group as the dialog sends it; createdBy is whatever the client says (ignored for new groups). */
export const group = (groupName: string, g: Partial<AmplifyGroup> = {}): AmplifyGroup => ({
  groupName,
  members: [],
  createdBy: '',
  includeFromOtherGroups: [],
  isBillingGroup: false,
  rateLimit: unlimited,
  ...g,
});
/** The group a creation event carries. */
export const created = (groupName: string, g: Partial<AmplifyGroup> = {}): E => ({
  type: 'AmplifyGroupCreated',
  data: group(groupName, { createdBy: ann, ...g }),
});
export const system = (groupName: string, members: string[]): E => {
  const { includeFromOtherGroups: _none, ...rest } = group(groupName, { members, createdBy: 'system' });
  return { type: 'AmplifyGroupCreated', data: rest };
};
export const deleted = (groupName: string): E => ({ type: 'AmplifyGroupDeleted', data: { groupName } });
export const memberAdded = (groupName: string, email: string): E => ({
  type: 'AmplifyGroupMemberAdded',
  data: { groupName, email },
});
export const memberRemoved = (groupName: string, email: string): E => ({
  type: 'AmplifyGroupMemberRemoved',
  data: { groupName, email },
});
export const inclusionAdded = (groupName: string, included: string): E => ({
  type: 'AmplifyGroupInclusionAdded',
  data: { groupName, included },
});
export const inclusionRemoved = (groupName: string, included: string): E => ({
  type: 'AmplifyGroupInclusionRemoved',
  data: { groupName, included },
});
export const billing = (groupName: string, isBillingGroup: boolean): E => ({
  type: 'AmplifyGroupBillingChanged',
  data: { groupName, isBillingGroup },
});
export const limit = (groupName: string, rateLimit: RateLimit): E => ({
  type: 'AmplifyGroupRateLimitChanged',
  data: { groupName, rateLimit },
});

/** The dialog's whole-section save by `actor` (ann unless said). */
export const save = (groups: AmplifyGroup[], actor = ann) => ({
  type: 'UpdateAmplifyGroups' as const,
  data: { groups: Object.fromEntries(groups.map((g) => [g.groupName, g])), actor },
});
/** Saved under keys of the caller's choice, to reach names the keys of one object cannot hold twice. */
export const saveKeyed = (groups: Record<string, AmplifyGroup>, actor = ann) => ({
  type: 'UpdateAmplifyGroups' as const,
  data: { groups, actor },
});
