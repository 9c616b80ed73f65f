import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AssistantIdRequest,
  AssistantMessageResponse,
  assistantMessages,
  assistantRoutes,
  CreateAssistantRequest,
  CreateAssistantResponse,
  ErrorResponse,
  errorResponses,
  ListAssistantsResponse,
  RescanWebsitesRequest,
  RescanWebsitesResponse,
  type AssistantDefinition,
} from '@app/contracts';
import { createAssistant, deleteAssistant } from './assistant-commands';
import { builtInDefinitions } from './assistant-reads';
import { runAssistantCommand, type AssistantRoutesOptions } from './assistant-service';
import { rescanAssistantWebsites } from './rescan-websites';

const refusals = { ...errorResponses, 404: ErrorResponse, 409: ErrorResponse };

/**
 * POST /assistant/create, GET /assistant/list, POST /assistant/delete, POST
 * /assistant/rescan_websites: the caller's assistants. Changing one is
 * for its owner (a group assistant: an admin of its group); built-ins are read only.
 * Every route takes an API key with the `assistants` access type (or full_access).
 */
export const assistantRoutesPlugin =
  (opts: AssistantRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const { db } = opts;
    const commandOpts = opts.groups ? { groups: opts.groups } : {};

    routes.post(
      assistantRoutes.create,
      {
        preValidation: app.requireUser,
        config: { apiKeyAccess: 'assistants' },
        schema: {
          description:
            'Creates an assistant (the create payload the Assistant Creator sends), or with `assistantId` a new ' +
            'version of one the caller owns.',
          body: CreateAssistantRequest,
          response: { ...refusals, 200: CreateAssistantResponse },
        },
      },
      async (request) => {
        const { data } = await runAssistantCommand(
          opts,
          request,
          'createAssistant',
          (trx, { email, metadata }) =>
            createAssistant(trx, request.body, { email }, { ...commandOpts, metadata }),
        );
        const body: CreateAssistantResponse = {
          success: true,
          message: data.version === 1 ? assistantMessages.created : assistantMessages.versionCreated,
          data: {
            id: data.id,
            assistantId: data.assistantId,
            data_sources: data.dataSources,
            ast_data: data.data,
          },
        };
        return body;
      },
    );

    routes.get(
      assistantRoutes.list,
      {
        preValidation: app.requireUser,
        config: { apiKeyAccess: 'assistants' },
        schema: {
          description:
            "The caller's assistants (latest versions, newest first), those of the assistant groups they " +
            'may use, and the built-in assistants.',
          response: { ...errorResponses, 200: ListAssistantsResponse },
        },
      },
      async (request) => {
        const { email } = await request.actor();
        const usable = opts.groups ? [...(await opts.groups.usableGroups(db, email))] : [];
        const rows = await db
          .selectFrom('rm_assistants')
          .select('definition')
          .where((eb) =>
            usable.length > 0
              ? eb.or([eb('owner', '=', email), eb('group_id', 'in', usable)])
              : eb('owner', '=', email),
          )
          .orderBy('updated_at', 'desc')
          .limit(2_000)
          .execute();
        const own = rows.map((r) => r.definition as AssistantDefinition);
        const body: ListAssistantsResponse = { success: true, data: [...own, ...builtInDefinitions()] };
        return body;
      },
    );

    routes.post(
      assistantRoutes.delete,
      {
        preValidation: app.requireUser,
        config: { apiKeyAccess: 'assistants' },
        schema: {
          description: 'Deletes an assistant the caller owns; its published path is freed.',
          body: AssistantIdRequest,
          response: { ...refusals, 200: AssistantMessageResponse },
        },
      },
      async (request) => {
        await runAssistantCommand(opts, request, 'deleteAssistant', async (trx, { email, metadata }) => ({
          outcome: await deleteAssistant(
            trx,
            request.body.assistantId,
            { email },
            { ...commandOpts, metadata },
          ),
        }));
        const body: AssistantMessageResponse = { success: true, message: assistantMessages.deleted };
        return body;
      },
    );

    routes.post(
      assistantRoutes.rescanWebsites,
      {
        preValidation: app.requireUser,
        config: { apiKeyAccess: 'assistants' },
        schema: {
          description:
            "Fetches an assistant's website data sources again (its owner); answers the keys whose content changed.",
          body: RescanWebsitesRequest,
          response: { ...refusals, 200: RescanWebsitesResponse, 503: ErrorResponse },
        },
      },
      async (request) => {
        const rescanned = await rescanAssistantWebsites(opts, request, request.body);
        const body: RescanWebsitesResponse = {
          success: true,
          message: assistantMessages.rescanned(rescanned.length),
          data: { rescanned },
        };
        return body;
      },
    );
  };
