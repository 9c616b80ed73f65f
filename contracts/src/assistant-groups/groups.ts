import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { limits } from '../limits';
import { CreateAssistantRequest } from '../assistants/assistant';
import { successBody, successList } from '../success';
import { eventTypesOf } from '../event-types';

/**
 * Assistant Admin Groups (the Admin Interface's Feature Data tab, and the `/groups` routes): a group
 * of assistants with members, Amplify groups whose members count as
 * members, public or private, conversation-analysis flags and a system API key. The Amplify
 * Assistants group is made once from built-in assistants; its assistants are open to every user.
 */
export const assistantGroupRoutes = {
  /** GET ?waitFor= → {success, data: AssistantGroupView[]} (query service). */
  list: '/groups/list',
  /** POST {assistants, members} → {success, message, data: {id}} (admins). */
  createAmplify: '/groups/assistants/amplify',
  /** POST {group_id, update_type: 'ADD', assistants: [{groupId, data}]} (admins). */
  updateAssistants: '/groups/update/assistants',
  /** POST {groupId} → {success, message} (admins): a new system API key, the old one deactivated. */
  replaceKey: '/groups/replace_key',
  /** POST {group_id, amplifyGroups} (admins). */
  updateAmplifyGroups: '/groups/update/amplify_groups',
  /** POST {group_id, isPublic?, supportConvAnalysis?} (admins): ours, the table's toggles. */
  updateSettings: '/groups/update/settings',
} as const;

export const assistantGroupLimits = {
  members: 10_000,
  amplifyGroups: 5_000,
  assistantsPerGroup: 200,
  /** Assistants added in one request. */
  assistantsPerUpdate: 20,
  builtInsPerCreate: 20,
} as const;

/** The Assistant Admin Groups' messages, shown to users word for word. */
export const assistantGroupMessages = {
  empty: 'No Assistant Admin Groups listed.',
  selectAtLeastOne: 'You must select at least one Amplify assistant to continue.',
  created: 'Successfully created Amplify Assistants group',
  createFailed: 'Failed to create Amplify Assistant group. Please try again later...',
  assistantAdded: 'Successfully added assistant',
  addFailed: 'Unable to add a copy of the assistant at this time. Please try again later...',
  keyReplaced: 'Group API key successfully replaced.',
  keyReplaceFailed: 'Unable to replace the groups API key. Please try again...',
  /** Ours. */
  alreadyExists: 'The Amplify Assistants group already exists.',
  notBuiltIn: (id: string) => `${id} is not a built-in Amplify assistant.`,
  notFound: (id: string) => `There is no assistant admin group ${id}.`,
  onlyAdd: 'Only ADD is supported: assistants are added to a group as copies.',
  tooManyAssistants: `A group holds at most ${assistantGroupLimits.assistantsPerGroup} assistants.`,
  groupMismatch: 'Each assistant must name the group it is added to.',
  updated: 'The group was updated.',
  updateFailed: 'Unable to update the group at this time. Please try again later...',
  keysUnavailable: 'API keys are not available on this platform.',
  listFailed: 'Unable to load the Assistant Admin Groups at this time. Please try again later...',
} as const;

/** The group made from built-in assistants. */
export const amplifyAssistantsGroup = {
  groupId: 'amplify-assistants',
  groupName: 'Amplify Assistants',
  isPublic: false,
  supportConvAnalysis: false,
  trackCoversations: true,
} as const;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A group id: the Amplify Assistants group's, or a uuid. */
export const AssistantGroupId = z
  .string()
  .max(100)
  .refine((v) => v === amplifyAssistantsGroup.groupId || uuid.test(v), 'The group id is not valid.');
export type AssistantGroupId = z.infer<typeof AssistantGroupId>;

export const assistantGroupStreamId = (groupId: string) => `assistantGroup-${groupId}`;

const Email = boundedString('An email', limits.emailLength);
const GroupName = boundedString('An Amplify group name', limits.nameLength);

/** A built-in's id (astgp/ or astg/). */
const BuiltInRef = boundedString('An assistant id', 200);

export const CreateAmplifyGroupRequest = z.object({
  /** At least one (the route refuses none with its message). */
  assistants: boundedList(BuiltInRef, 'Assistants', assistantGroupLimits.builtInsPerCreate),
  members: boundedList(Email, 'Members', assistantGroupLimits.members).default([]),
});
export type CreateAmplifyGroupRequest = z.infer<typeof CreateAmplifyGroupRequest>;

export const CreateAmplifyGroupResponse = successBody({
  message: z.string(),
  data: z.object({ id: z.string() }),
  position: z.string(),
});
export type CreateAmplifyGroupResponse = z.infer<typeof CreateAmplifyGroupResponse>;

/** One assistant to add: a copy made from `data` (the create payload of the assistant copied). */
export const GroupAssistantInput = z.object({
  groupId: AssistantGroupId,
  data: CreateAssistantRequest.omit({ assistantId: true, groupId: true }),
});
export type GroupAssistantInput = z.infer<typeof GroupAssistantInput>;

export const UpdateGroupAssistantsRequest = z.object({
  group_id: AssistantGroupId,
  update_type: z.enum(['ADD', 'REMOVE', 'UPDATE']),
  assistants: boundedList(GroupAssistantInput, 'Assistants', assistantGroupLimits.assistantsPerUpdate).min(1),
});
export type UpdateGroupAssistantsRequest = z.infer<typeof UpdateGroupAssistantsRequest>;

export const UpdateGroupAssistantsResponse = successBody({
  message: z.string(),
  data: z.object({ assistantIds: z.array(z.string()) }),
  position: z.string(),
});
export type UpdateGroupAssistantsResponse = z.infer<typeof UpdateGroupAssistantsResponse>;

export const ReplaceGroupKeyRequest = z.object({ groupId: AssistantGroupId });
export type ReplaceGroupKeyRequest = z.infer<typeof ReplaceGroupKeyRequest>;

export const UpdateGroupAmplifyGroupsRequest = z.object({
  group_id: AssistantGroupId,
  amplifyGroups: boundedList(GroupName, 'Amplify groups', assistantGroupLimits.amplifyGroups),
});
export type UpdateGroupAmplifyGroupsRequest = z.infer<typeof UpdateGroupAmplifyGroupsRequest>;

export const UpdateGroupSettingsRequest = z.object({
  group_id: AssistantGroupId,
  isPublic: z.boolean().optional(),
  supportConvAnalysis: z.boolean().optional(),
  amplifyGroups: boundedList(GroupName, 'Amplify groups', assistantGroupLimits.amplifyGroups).optional(),
});
export type UpdateGroupSettingsRequest = z.infer<typeof UpdateGroupSettingsRequest>;

export const AssistantGroupChangeResponse = successBody({
  message: z.string(),
  position: z.string(),
});
export type AssistantGroupChangeResponse = z.infer<typeof AssistantGroupChangeResponse>;

export const GroupAssistantRef = z.object({
  assistantId: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
});
export type GroupAssistantRef = z.infer<typeof GroupAssistantRef>;

/** A row of the Assistant Admin Groups table. */
export const AssistantGroupView = z.object({
  group_id: z.string(),
  groupName: z.string(),
  amplifyGroups: z.array(z.string()),
  createdBy: z.string(),
  isPublic: z.boolean(),
  numOfAssistants: z.number().int(),
  supportConvAnalysis: z.boolean(),
  trackCoversations: z.boolean(),
  members: z.array(z.string()),
  assistants: z.array(GroupAssistantRef),
  /** The id of the group's current system API key (never the key), null before the first. */
  apiKeyId: z.string().nullable(),
  isAmplifyAssistants: z.boolean(),
});
export type AssistantGroupView = z.infer<typeof AssistantGroupView>;

export const AssistantGroupsResponse = successList(AssistantGroupView);
export type AssistantGroupsResponse = z.infer<typeof AssistantGroupsResponse>;

/** The events of a group's stream `assistantGroup-<groupId>`. */
export type AssistantGroupEvent =
  | {
      type: 'AssistantGroupCreated';
      data: {
        groupId: string;
        groupName: string;
        members: string[];
        amplifyGroups: string[];
        isPublic: boolean;
        supportConvAnalysis: boolean;
        trackCoversations: boolean;
        isAmplifyAssistants: boolean;
        assistants: GroupAssistantRef[];
      };
    }
  | { type: 'AssistantGroupAssistantAdded'; data: { groupId: string; assistant: GroupAssistantRef } }
  | {
      type: 'AssistantGroupSettingsChanged';
      data: { groupId: string; isPublic: boolean; supportConvAnalysis: boolean; amplifyGroups: string[] };
    }
  | {
      type: 'AssistantGroupKeyReplaced';
      data: { groupId: string; apiKeyId: string; previousApiKeyId: string | null };
    };

export const assistantGroupEventTypes = eventTypesOf<AssistantGroupEvent>({
  AssistantGroupCreated: true,
  AssistantGroupAssistantAdded: true,
  AssistantGroupSettingsChanged: true,
  AssistantGroupKeyReplaced: true,
});

/**
 * Who may use a group's assistants: every user when it is the Amplify
 * Assistants group or public; else its members and the members of its Amplify groups.
 */
export const mayUseGroupAssistants = (
  group: {
    isAmplifyAssistants: boolean;
    isPublic: boolean;
    members: readonly string[];
    amplifyGroups: readonly string[];
  },
  email: string,
  userGroups: readonly string[],
): boolean =>
  group.isAmplifyAssistants ||
  group.isPublic ||
  group.members.includes(email.trim().toLowerCase()) ||
  group.amplifyGroups.some((g) => userGroups.includes(g));
