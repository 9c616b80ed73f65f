import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddAssistantPathRequest,
  AddAssistantPathResponse,
  assistantLookupMessages,
  assistantMessages,
  assistantPathMessages,
  assistantRoutes,
  canUseAssistant,
  definitionSeenBy,
  checkAssistantPath,
  CheckAssistantPathRequest,
  CheckAssistantPathResponse,
  ConflictResponse,
  ErrorResponse,
  errorResponses,
  GroupAddAssistantPathRequest,
  LookupAssistantRefusal,
  LookupAssistantRequest,
  LookupAssistantResult,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { AssistantRefusal, publishAssistantPath } from './assistant-commands';
import { assistantCallerOf, loadAssistant, pathHolder, publishingOnFor } from './assistant-reads';
import { runAssistantCommand, type AssistantRoutesOptions } from './assistant-service';
import { checkPathFor } from './check-path';

/**
 * POST /assistant/add_path, /groups/assistant/add_path, /assistant/lookup
 * and our /assistant/check_path: publishing an assistant at `/assistants/{path}` and finding it there.
 * Every route takes an API key with the `assistants` access type (or full_access).
 */
export const assistantPathRoutesPlugin =
  (opts: AssistantRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const { db } = opts;
    const commandOpts = opts.groups ? { groups: opts.groups } : {};

    /** Publishing (and so checking paths, which may ask a model) only for whom the flag is on: else 403. */
    const mustBePublishing = async (request: Parameters<typeof runAssistantCommand>[1]) => {
      const { email } = await request.actor();
      if (!(await publishingOnFor(db, await assistantCallerOf(db, email))))
        throw new AssistantRefusal(assistantMessages.publishingOff, 403);
    };

    /** The path as it will be kept (lower case), once every rule and the term check pass; else 400. */
    const acceptedPath = async (raw: string): Promise<string> => {
      const checked = checkAssistantPath(raw);
      if (!checked.valid) throw new DomainError(checked.message);
      if (await opts.pathTerms(checked.path)) throw new DomainError(assistantPathMessages.inappropriate);
      return checked.path;
    };

    const publish = async (
      request: Parameters<typeof runAssistantCommand>[1],
      body: AddAssistantPathRequest,
      expectedGroupId?: string,
    ) => {
      await mustBePublishing(request);
      const astPath = await acceptedPath(body.astPath);
      const publication = { astPath, isPublic: body.isPublic, accessTo: body.accessTo };
      await runAssistantCommand(opts, request, 'publishAssistantPath', async (trx, { email, metadata }) => ({
        outcome: await publishAssistantPath(
          trx,
          body.assistantId,
          publication,
          { email },
          {
            ...commandOpts,
            metadata,
            ...(expectedGroupId === undefined ? {} : { expectedGroupId }),
          },
        ),
      }));
      const answer: AddAssistantPathResponse = {
        success: true,
        message: assistantMessages.published,
        data: { assistantId: body.assistantId, astPath },
      };
      return answer;
    };
    const publishResponse = {
      ...errorResponses,
      200: AddAssistantPathResponse,
      404: ErrorResponse,
      409: ConflictResponse,
    };

    routes.post(
      assistantRoutes.addPath,
      {
        preValidation: app.requireUser,
        config: { apiKeyAccess: 'assistants' },
        schema: {
          description:
            'Publishes an assistant the caller owns at /assistants/{path}: public, or restricted to Amplify ' +
            'groups and users. The publishing path rules answer 400 with their message; a path ' +
            'another assistant holds is refused (409 when it was claimed meanwhile). A re-publish moves it.',
          body: AddAssistantPathRequest,
          response: publishResponse,
        },
      },
      async (request) => publish(request, request.body),
    );

    routes.post(
      assistantRoutes.groupAddPath,
      {
        preValidation: app.requireUser,
        config: { apiKeyAccess: 'assistants' },
        schema: {
          description:
            "Publishes a group assistant's path (an admin of the group; never public to all users).",
          body: GroupAddAssistantPathRequest,
          response: publishResponse,
        },
      },
      async (request) => publish(request, request.body.path_data, request.body.group_id),
    );

    routes.post(
      assistantRoutes.lookup,
      {
        preValidation: app.requireUser,
        config: { apiKeyAccess: 'assistants' },
        schema: {
          description:
            'The assistant published at a path: 404 when none is, 403 when the caller may not use it.',
          body: LookupAssistantRequest,
          response: {
            ...errorResponses,
            200: LookupAssistantResult,
            403: LookupAssistantRefusal,
            404: LookupAssistantRefusal,
            500: LookupAssistantRefusal,
          },
        },
      },
      async (request, reply) => {
        const { email } = await request.actor();
        const astPath = request.body.astPath.toLowerCase();
        const notFound = { success: false as const, message: assistantLookupMessages.notFound };
        try {
          if (!checkAssistantPath(astPath).valid) return reply.code(404).send(notFound);
          const holder = await pathHolder(db, astPath);
          const assistant = holder === null ? null : await loadAssistant(db, holder);
          if (!assistant || assistant.astPath !== astPath) return reply.code(404).send(notFound);
          if (!canUseAssistant(assistant, await assistantCallerOf(db, email, opts.groups)))
            return reply.code(403).send({ success: false, message: assistantLookupMessages.forbidden });
          const found: LookupAssistantResult = {
            success: true,
            message: assistantLookupMessages.found,
            assistantId: assistant.assistantId,
            astPath,
            pathFromDefinition: assistant.astPath,
            public: assistant.publication?.isPublic ?? false,
            name: assistant.name,
            definition: definitionSeenBy(assistant, email),
          };
          return reply.code(200).send(found);
        } catch (e) {
          if (e instanceof AssistantRefusal) throw e;
          request.log.error({ err: e }, 'assistant lookup failed');
          return reply.code(500).send({ success: false, message: assistantLookupMessages.failed });
        }
      },
    );

    routes.post(
      assistantRoutes.checkPath,
      {
        preValidation: app.requireUser,
        config: { apiKeyAccess: 'assistants' },
        schema: {
          description:
            'The path-check state of a path being typed: a rule or term refusal, taken by another ' +
            "assistant, 'Current Path' (the given assistant's own) or 'Path available'. 403 while " +
            'publishing is off for the caller.',
          body: CheckAssistantPathRequest,
          response: { ...errorResponses, 200: CheckAssistantPathResponse },
        },
      },
      async (request) => {
        await mustBePublishing(request);
        const answer: CheckAssistantPathResponse = await checkPathFor(db, opts.pathTerms, request.body, (e) =>
          request.log.warn({ err: e }, 'assistant path check failed'),
        );
        return answer;
      },
    );
  };
