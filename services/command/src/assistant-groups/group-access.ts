import {
  adminsStreamId,
  amplifyGroupsStreamId,
  assistantGroupStreamId,
  groupsOf,
  mayUseGroupAssistants,
  normaliseEmail,
} from '@app/contracts';
import type { Db } from '@app/platform';
import type { AssistantGroupPorts } from '../assistants/index';
import { adminsDecider, amplifyGroupsDecider } from '../configurations/index';
import { loadState } from '../shared/stream-state';
import { assistantGroupDecider, type AssistantGroup } from './group-decider';

const streamPrefix = assistantGroupStreamId('');

/** The group `groupId` as its stream is now (null when there is none). */
export const loadAssistantGroup = async (db: Db, groupId: string): Promise<AssistantGroup | null> =>
  (await loadState(db, assistantGroupDecider(groupId), assistantGroupStreamId(groupId))).state.group;

/** Every group's id, from the log: the streams of its creation events (`events_type` index). */
export const assistantGroupIds = async (db: Db): Promise<string[]> => {
  const rows = await db
    .selectFrom('events')
    .select('stream_id')
    .where('event_type', '=', 'AssistantGroupCreated')
    .execute();
  return rows
    .filter((r) => r.stream_id.startsWith(streamPrefix))
    .map((r) => r.stream_id.slice(streamPrefix.length));
};

const userGroupsOf = async (db: Db, email: string): Promise<string[]> =>
  groupsOf((await loadState(db, amplifyGroupsDecider, amplifyGroupsStreamId)).state, email);

/**
 * Whether `email` may use the assistants of group `groupId`: every user when
 * it is the Amplify Assistants group or public; else its members and the members of its Amplify
 * groups (inclusions count). An unknown group: nobody.
 */
export const groupAssistantAccess = async (db: Db, groupId: string, email: string): Promise<boolean> => {
  const group = await loadAssistantGroup(db, groupId);
  if (!group) return false;
  if (group.isAmplifyAssistants || group.isPublic) return true;
  return mayUseGroupAssistants(
    group,
    email,
    group.amplifyGroups.length > 0 ? await userGroupsOf(db, email) : [],
  );
};

/**
 * The ports the assistants (B) ask about groups: a group's admins are its members and the platform's
 * admins (the Admin Interface manages every group); the groups whose assistants a user may use.
 */
export const assistantGroupPorts: AssistantGroupPorts = {
  isGroupAdmin: async (db, groupId, email) => {
    const group = await loadAssistantGroup(db, groupId);
    if (!group) return false;
    const who = normaliseEmail(email);
    if (group.members.includes(who)) return true;
    return (await loadState(db, adminsDecider, adminsStreamId)).state.admins.includes(who);
  },
  usableGroups: async (db, email) => {
    const usable = new Set<string>();
    let userGroups: string[] | undefined;
    for (const groupId of await assistantGroupIds(db)) {
      const group = await loadAssistantGroup(db, groupId);
      if (!group) continue;
      if (group.amplifyGroups.length > 0 && userGroups === undefined)
        userGroups = await userGroupsOf(db, email);
      if (mayUseGroupAssistants(group, email, userGroups ?? [])) usable.add(groupId);
    }
    return usable;
  },
};
