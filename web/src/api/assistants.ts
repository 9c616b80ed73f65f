import {
  AddAssistantPathResponse,
  AmplifyGroupsListResponse,
  amplifyGroupsListRoute,
  AssistantMessageResponse,
  assistantRoutes,
  CheckAssistantPathResponse,
  CreateAssistantResponse,
  ListAssistantsResponse,
  LookupAssistantRefusal,
  LookupAssistantResult,
  type AddAssistantPathInput,
  type AssistantDefinition,
  type CheckAssistantPathRequest,
  type CreateAssistantInput,
} from '@app/contracts';
import { z } from 'zod';
import { requestJson, postJson } from './http';

/** GET /assistant/list: the caller's own assistants, the built-ins and those shared through groups. */
export async function listAssistants(): Promise<AssistantDefinition[]> {
  return (await requestJson('listAssistants', assistantRoutes.list, ListAssistantsResponse)).body.data;
}

/** POST /assistant/create: a new assistant, or a new version when `assistantId` names one. */
export async function createAssistant(body: CreateAssistantInput): Promise<CreateAssistantResponse> {
  return postJson('createAssistant', assistantRoutes.create, CreateAssistantResponse, body);
}

/** POST /assistant/delete {assistantId} (its owner only). */
export async function deleteAssistant(assistantId: string): Promise<AssistantMessageResponse> {
  return postJson('deleteAssistant', assistantRoutes.delete, AssistantMessageResponse, { assistantId });
}

/** POST /assistant/add_path, or /groups/assistant/add_path for a group assistant. */
export async function publishAssistantPath(
  body: AddAssistantPathInput,
  groupId: string | null,
): Promise<AddAssistantPathResponse> {
  const options = {
    method: 'POST' as const,
    body: groupId === null ? body : { group_id: groupId, path_data: body },
  };
  const route = groupId === null ? assistantRoutes.addPath : assistantRoutes.groupAddPath;
  return (await requestJson('addAssistantPath', route, AddAssistantPathResponse, options)).body;
}

/** POST /assistant/check_path: the server's rules (inappropriate terms, taken) for a path. */
export async function checkAssistantPathOnServer(
  body: CheckAssistantPathRequest,
  signal?: AbortSignal,
): Promise<CheckAssistantPathResponse> {
  return (
    await requestJson('checkAssistantPath', assistantRoutes.checkPath, CheckAssistantPathResponse, {
      method: 'POST',
      body,
      ...(signal ? { signal } : {}),
    })
  ).body;
}

const LookupAnswer = z.union([LookupAssistantResult, LookupAssistantRefusal]);

export type LookupOutcome =
  { kind: 'found'; result: LookupAssistantResult } | { kind: 'refused'; status: number; message: string };

/**
 * POST /assistant/lookup {astPath}: the assistant published there, or the server's refusal (404 'Assistant
 * not found at this path', 403 when the caller may not use it) with its words.
 */
export async function lookupAssistant(astPath: string): Promise<LookupOutcome> {
  const { status, body } = await requestJson('lookupAssistant', assistantRoutes.lookup, LookupAnswer, {
    method: 'POST',
    body: { astPath },
    acceptStatuses: [403, 404],
  });
  return body.success ? { kind: 'found', result: body } : { kind: 'refused', status, message: body.message };
}

/** GET /amplifymin/amplify_groups/list: the Amplify group names a path may be restricted to. */
export async function listAmplifyGroupNames(): Promise<string[]> {
  return (await requestJson('listAmplifyGroups', amplifyGroupsListRoute, AmplifyGroupsListResponse)).body
    .data;
}
