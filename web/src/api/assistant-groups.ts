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
import { requestJson, postJson, withWaitFor } from './http';

/** GET /groups/list: every assistant admin group (admins). */
export async function fetchAssistantGroups(waitFor?: string): Promise<AssistantGroupView[]> {
  return (
    await requestJson('listGroups', withWaitFor(assistantGroupRoutes.list, waitFor), AssistantGroupsResponse)
  ).body.data;
}

/** POST /groups/assistants/amplify: the Amplify Assistants group from the chosen built-ins. */
export async function createAmplifyAssistantsGroup(body: CreateAmplifyGroupRequest): Promise<string> {
  return (
    await postJson(
      'createAmplifyAssistantsGroup',
      assistantGroupRoutes.createAmplify,
      CreateAmplifyGroupResponse,
      body,
    )
  ).position;
}

/** POST /groups/update/assistants: adds copies of assistants to a group. */
export async function addGroupAssistants(body: UpdateGroupAssistantsRequest): Promise<string> {
  return (
    await postJson(
      'updateGroupAssistants',
      assistantGroupRoutes.updateAssistants,
      UpdateGroupAssistantsResponse,
      body,
    )
  ).position;
}

/** POST /groups/replace_key: a new system API key for the group (never shown). */
export async function replaceGroupKey(groupId: string): Promise<string> {
  return (
    await postJson('replaceGroupKey', assistantGroupRoutes.replaceKey, AssistantGroupChangeResponse, {
      groupId,
    })
  ).position;
}

/** POST /groups/update/settings: Public, Support Conversation Analysis, Amplify groups. */
export async function updateGroupSettings(body: UpdateGroupSettingsRequest): Promise<string> {
  return (
    await postJson(
      'updateGroupSettings',
      assistantGroupRoutes.updateSettings,
      AssistantGroupChangeResponse,
      body,
    )
  ).position;
}
