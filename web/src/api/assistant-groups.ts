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
import { requestJson } from './http';

/** GET /groups/list: every assistant admin group (admins). */
export async function fetchAssistantGroups(waitFor?: string): Promise<AssistantGroupView[]> {
  const query = waitFor ? `?${new URLSearchParams({ waitFor }).toString()}` : '';
  return (await requestJson('listGroups', `${assistantGroupRoutes.list}${query}`, AssistantGroupsResponse))
    .body.data;
}

/** POST /groups/assistants/amplify: the Amplify Assistants group from the chosen built-ins. */
export async function createAmplifyAssistantsGroup(body: CreateAmplifyGroupRequest): Promise<string> {
  return (
    await requestJson(
      'createAmplifyAssistantsGroup',
      assistantGroupRoutes.createAmplify,
      CreateAmplifyGroupResponse,
      {
        method: 'POST',
        body,
      },
    )
  ).body.position;
}

/** POST /groups/update/assistants: adds copies of assistants to a group. */
export async function addGroupAssistants(body: UpdateGroupAssistantsRequest): Promise<string> {
  return (
    await requestJson(
      'updateGroupAssistants',
      assistantGroupRoutes.updateAssistants,
      UpdateGroupAssistantsResponse,
      {
        method: 'POST',
        body,
      },
    )
  ).body.position;
}

/** POST /groups/replace_key: a new system API key for the group (never shown). */
export async function replaceGroupKey(groupId: string): Promise<string> {
  return (
    await requestJson('replaceGroupKey', assistantGroupRoutes.replaceKey, AssistantGroupChangeResponse, {
      method: 'POST',
      body: { groupId },
    })
  ).body.position;
}

/** POST /groups/update/settings: Public, Support Conversation Analysis, Amplify groups. */
export async function updateGroupSettings(body: UpdateGroupSettingsRequest): Promise<string> {
  return (
    await requestJson(
      'updateGroupSettings',
      assistantGroupRoutes.updateSettings,
      AssistantGroupChangeResponse,
      {
        method: 'POST',
        body,
      },
    )
  ).body.position;
}
