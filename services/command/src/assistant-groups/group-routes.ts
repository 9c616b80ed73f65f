import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  amplifyAssistantsGroup,
  AssistantGroupChangeResponse,
  assistantGroupMessages,
  assistantGroupRoutes,
  assistantGroupStreamId,
  builtInAssistantById,
  CreateAmplifyGroupRequest,
  CreateAmplifyGroupResponse,
  errorResponses,
  isEmail,
  normaliseEmail,
  platformMessages,
  ReplaceGroupKeyRequest,
  UpdateGroupAmplifyGroupsRequest,
  UpdateGroupAssistantsRequest,
  UpdateGroupAssistantsResponse,
  UpdateGroupSettingsRequest,
  type EventMetadata,
  type GroupAssistantRef,
} from '@app/contracts';
import { DomainError, type AwaitProjected, type Db } from '@app/platform';
import { createAssistant } from '../assistants/index';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { runCommand } from '../shared/command-route';
import { assistantGroupPorts, loadAssistantGroup } from './group-access';
import { assistantGroupDecider, type AssistantGroup, type AssistantGroupCommand } from './group-decider';
import { replaceGroupKey } from './group-key';

export interface AssistantGroupRouteOptions {
  db: Db;
  awaitProjected: AwaitProjected;
}

type Work<R> = (trx: Db, metadata: EventMetadata) => Promise<R>;

/** The built-ins chosen, once each, as the group lists them; an id that is not a built-in is refused. */
const builtInRefs = (ids: readonly string[]): GroupAssistantRef[] => {
  const refs = new Map<string, GroupAssistantRef>();
  for (const id of ids) {
    const builtIn = builtInAssistantById(id);
    if (!builtIn) throw new DomainError(assistantGroupMessages.notBuiltIn(id));
    refs.set(builtIn.assistantId, { assistantId: builtIn.assistantId, name: builtIn.name, builtIn: true });
  }
  return [...refs.values()];
};

const membersOf = (emails: readonly string[], creator: string): string[] => {
  const members = [...new Set([...emails, creator].map(normaliseEmail))];
  const bad = members.find((m) => !isEmail(m));
  if (bad !== undefined) throw new DomainError(platformMessages.invalidEmail(bad));
  return members;
};

const decideOn = (trx: Db, groupId: string, command: AssistantGroupCommand, metadata: EventMetadata) =>
  handleCommand(trx, assistantGroupDecider(groupId), assistantGroupStreamId(groupId), command, { metadata });

const existingGroup = async (db: Db, groupId: string): Promise<AssistantGroup> => {
  const group = await loadAssistantGroup(db, groupId);
  if (!group) throw new DomainError(assistantGroupMessages.notFound(groupId));
  return group;
};

/**
 * Assistant Admin Groups (admins): create the Amplify Assistants group once from built-ins (with its
 * system API key), add copies of assistants (regular assistants with the group's id, made by the
 * assistants' own `createAssistant`), replace the group's API key, change its flags and Amplify groups.
 */
export const assistantGroupRoutesPlugin =
  (opts: AssistantGroupRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    /**
     * One request's work in one transaction, once per command id (an Idempotency-Key retry answers
     * the first result); answered once the read models show it.
     */
    const run = async <R extends CommandOutcome>(request: FastifyRequest, name: string, work: Work<R>) =>
      runCommand<R>(
        request,
        opts,
        name,
        (trx, { metadata }) => work(trx, metadata),
        (outcome) => outcome,
      );

    routes.post(
      assistantGroupRoutes.createAmplify,
      {
        preValidation: app.requireAdmin,
        schema: {
          description:
            'Creates the Amplify Assistants group, once, from the chosen built-in assistants (members: the admins).',
          body: CreateAmplifyGroupRequest,
          response: { ...errorResponses, 200: CreateAmplifyGroupResponse },
        },
      },
      async (request) => {
        if (request.body.assistants.length === 0)
          throw new DomainError(assistantGroupMessages.selectAtLeastOne);
        const assistants = builtInRefs(request.body.assistants);
        const groupId = amplifyAssistantsGroup.groupId;
        const { result } = await run(request, 'createAmplifyAssistantsGroup', async (trx, metadata) => {
          const members = membersOf(request.body.members, metadata.actor.email);
          await handleCommand(
            trx,
            assistantGroupDecider(groupId),
            assistantGroupStreamId(groupId),
            { type: 'CreateAmplifyAssistantsGroup', data: { members, assistants } },
            { metadata, expectedVersion: 0 },
          );
          return replaceGroupKey(trx, await existingGroup(trx, groupId), metadata);
        });
        const answer: CreateAmplifyGroupResponse = {
          success: true,
          message: assistantGroupMessages.created,
          data: { id: groupId },
          position: result.position,
        };
        return answer;
      },
    );

    routes.post(
      assistantGroupRoutes.updateAssistants,
      {
        preValidation: app.requireAdmin,
        schema: {
          description:
            "Adds copies of assistants to a group (update_type ADD): each a regular assistant with the group's id.",
          body: UpdateGroupAssistantsRequest,
          response: { ...errorResponses, 200: UpdateGroupAssistantsResponse },
        },
      },
      async (request) => {
        const { group_id: groupId, update_type: updateType, assistants } = request.body;
        if (updateType !== 'ADD') throw new DomainError(assistantGroupMessages.onlyAdd);
        if (assistants.some((a) => a.groupId !== groupId))
          throw new DomainError(assistantGroupMessages.groupMismatch);
        const { result } = await run(request, 'addGroupAssistants', async (trx, metadata) => {
          await existingGroup(trx, groupId);
          const ids: string[] = [];
          let last: CommandOutcome = { position: '0', version: 0, eventCount: 0 };
          for (const a of assistants) {
            const created = await createAssistant(
              trx,
              { ...a.data, groupId },
              { email: metadata.actor.email },
              { metadata, groups: assistantGroupPorts },
            );
            const ref = { assistantId: created.data.assistantId, name: created.data.name, builtIn: false };
            last = await decideOn(
              trx,
              groupId,
              { type: 'AddGroupAssistant', data: { assistant: ref } },
              metadata,
            );
            ids.push(ref.assistantId);
          }
          return { ...last, ids };
        });
        const answer: UpdateGroupAssistantsResponse = {
          success: true,
          message: assistantGroupMessages.assistantAdded,
          data: { assistantIds: result.ids },
          position: result.position,
        };
        return answer;
      },
    );

    routes.post(
      assistantGroupRoutes.replaceKey,
      {
        preValidation: app.requireAdmin,
        schema: {
          description:
            'Gives the group a new system API key and deactivates its old one (the key itself is never answered).',
          body: ReplaceGroupKeyRequest,
          response: { ...errorResponses, 200: AssistantGroupChangeResponse },
        },
      },
      async (request) => {
        const { groupId } = request.body;
        const { result } = await run(request, 'replaceGroupKey', async (trx, metadata) =>
          replaceGroupKey(trx, await existingGroup(trx, groupId), metadata),
        );
        const answer: AssistantGroupChangeResponse = {
          success: true,
          message: assistantGroupMessages.keyReplaced,
          position: result.position,
        };
        return answer;
      },
    );

    const changeSettings = async (
      request: FastifyRequest,
      groupId: string,
      data: Extract<AssistantGroupCommand, { type: 'ChangeGroupSettings' }>['data'],
    ): Promise<AssistantGroupChangeResponse> => {
      const { result } = await run(request, 'changeGroupSettings', async (trx, metadata) => {
        await existingGroup(trx, groupId);
        return decideOn(trx, groupId, { type: 'ChangeGroupSettings', data }, metadata);
      });
      return { success: true, message: assistantGroupMessages.updated, position: result.position };
    };

    routes.post(
      assistantGroupRoutes.updateSettings,
      {
        preValidation: app.requireAdmin,
        schema: {
          description: "Changes a group's Public, Support Conversation Analysis and Amplify groups.",
          body: UpdateGroupSettingsRequest,
          response: { ...errorResponses, 200: AssistantGroupChangeResponse },
        },
      },
      async (request) => {
        const { group_id: groupId, isPublic, supportConvAnalysis, amplifyGroups } = request.body;
        return changeSettings(request, groupId, {
          ...(isPublic === undefined ? {} : { isPublic }),
          ...(supportConvAnalysis === undefined ? {} : { supportConvAnalysis }),
          ...(amplifyGroups === undefined ? {} : { amplifyGroups: [...new Set(amplifyGroups)] }),
        });
      },
    );

    routes.post(
      assistantGroupRoutes.updateAmplifyGroups,
      {
        preValidation: app.requireAdmin,
        schema: {
          description: 'Sets the Amplify groups whose members count as members of the group.',
          body: UpdateGroupAmplifyGroupsRequest,
          response: { ...errorResponses, 200: AssistantGroupChangeResponse },
        },
      },
      async (request) =>
        changeSettings(request, request.body.group_id, {
          amplifyGroups: [...new Set(request.body.amplifyGroups)],
        }),
    );
  };
