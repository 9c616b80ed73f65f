import {
  AssistantGroupChangeResponse,
  assistantGroupRoutes,
  AssistantGroupsResponse,
  CreateAmplifyGroupResponse,
  UpdateGroupAssistantsResponse,
  type AssistantGroupView,
  type CreateAmplifyGroupRequest,
  type UpdateGroupAssistantsRequest,
  type UpdateGroupSettingsRequest,
} from '@app/contracts';
import { fetchData, postForPosition } from './http';

/** GET /groups/list: every assistant admin group (admins). */
export async function fetchAssistantGroups(waitFor?: string): Promise<AssistantGroupView[]> {
  return fetchData('listGroups', assistantGroupRoutes.list, AssistantGroupsResponse, waitFor);
}

/** POST /groups/assistants/amplify: the Amplify Assistants group from the chosen built-ins. */
export async function createAmplifyAssistantsGroup(body: CreateAmplifyGroupRequest): Promise<string> {
  const call = 'createAmplifyAssistantsGroup';
  return postForPosition(call, assistantGroupRoutes.createAmplify, CreateAmplifyGroupResponse, body);
}

/** POST /groups/update/assistants: adds copies of assistants to a group. */
export async function addGroupAssistants(body: UpdateGroupAssistantsRequest): Promise<string> {
  const call = 'updateGroupAssistants';
  return postForPosition(call, assistantGroupRoutes.updateAssistants, UpdateGroupAssistantsResponse, body);
}

/** POST /groups/replace_key: a new system API key for the group (never shown). */
export async function replaceGroupKey(groupId: string): Promise<string> {
  const route = assistantGroupRoutes.replaceKey;
  return postForPosition('replaceGroupKey', route, AssistantGroupChangeResponse, { groupId });
}

/** POST /groups/update/settings: Public, Support Conversation Analysis, Amplify groups. */
export async function updateGroupSettings(body: UpdateGroupSettingsRequest): Promise<string> {
  const route = assistantGroupRoutes.updateSettings;
  return postForPosition('updateGroupSettings', route, AssistantGroupChangeResponse, body);
}
