import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  externalApiMessages,
  externalApiRoutes,
  externalApisStreamId,
  ExternalApiDeleteRequest,
  ExternalApiDeleteResponse,
  ExternalApiSaveRequest,
  ExternalApiSaveResponse,
  ExternalApiTestRequest,
  ExternalApiTestResponse,
  ownValue,
} from '@app/contracts';
import {
  DomainError,
  type AwaitProjected,
  type Db,
  type OutboundClient,
  type SecretBox,
} from '@app/platform';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { loadState } from '../shared/stream-state';
import { runCommand } from '../shared/command-route';
import { externalApisDecider, secretsOfApi, type ExternalApisCommand } from './external-apis-decider';
import { refuseMasksForOtherOrigin } from './mask-origin';
import { sealCall } from './seal-definition';
import { performTestCall, plainCallOf } from './test-call';

export interface ExternalApiRouteOptions {
  db: Db;
  secrets: SecretBox;
  awaitProjected: AwaitProjected;
  /** The guarded client for addresses people type: the Test goes through it and nothing else. */
  userUrls?: OutboundClient;
}

type Outcome = CommandOutcome & { id: string };

/**
 * The external API editor (admins): save a definition (credentials sealed in the command's
 * transaction, the dropped ones shredded), delete one, and Test a call through `userUrls` only.
 */
export const externalApiRoutesPlugin =
  (opts: ExternalApiRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    /** One command in one transaction, once per command id; `build` seals against the state it loads. */
    const run = async (
      request: FastifyRequest,
      name: string,
      build: (trx: Db) => Promise<{ id: string; command: ExternalApisCommand }>,
    ) => {
      return runCommand<Outcome>(
        request,
        opts,
        name,
        async (trx, { metadata }) => {
          const before = await loadState(trx, externalApisDecider, externalApisStreamId);
          const { id, command } = await build(trx);
          const outcome = await handleCommand(trx, externalApisDecider, externalApisStreamId, command, {
            metadata,
            expectedVersion: before.version,
          });
          const after = await loadState(trx, externalApisDecider, externalApisStreamId);
          const sent = command.type === 'SaveExternalApi' ? secretsOfApi(command.data.api) : [];
          await opts.secrets
            .keyring(trx)
            .shred(
              [...secretsOfApi(ownValue(before.state, id)), ...sent],
              secretsOfApi(ownValue(after.state, id)),
            );
          return { ...outcome, id };
        },
        (outcome) => outcome,
      );
    };

    routes.post(
      externalApiRoutes.save,
      {
        preValidation: app.requireAdmin,
        schema: {
          description:
            'Saves an external API definition (a new one, or the one with this id); credentials are sealed and answered masked.',
          body: ExternalApiSaveRequest,
          response: { ...errorResponses, 200: ExternalApiSaveResponse },
        },
      },
      async (request) => {
        const input = request.body;
        const { result } = await run(request, 'saveExternalApi', async (trx) => {
          const { state } = await loadState(trx, externalApisDecider, externalApisStreamId);
          const saved = input.id === undefined ? undefined : ownValue(state, input.id);
          if (input.id !== undefined && !saved) throw new DomainError(externalApiMessages.notFound);
          refuseMasksForOtherOrigin(input, saved?.url);
          const id = input.id ?? randomUUID();
          const sealed = await sealCall(input, saved, opts.secrets.keyring(trx));
          const api = {
            id,
            name: input.name.trim(),
            requestType: input.requestType,
            url: input.url.trim(),
            params: input.params,
            body: input.body,
            description: input.description.trim(),
            ...sealed,
          };
          return { id, command: { type: 'SaveExternalApi', data: { api } } };
        });
        const answer: ExternalApiSaveResponse = { success: true, id: result.id, position: result.position };
        return answer;
      },
    );

    routes.post(
      externalApiRoutes.delete,
      {
        preValidation: app.requireAdmin,
        schema: {
          description: 'Deletes an external API definition (its credentials shredded).',
          body: ExternalApiDeleteRequest,
          response: { ...errorResponses, 200: ExternalApiDeleteResponse },
        },
      },
      async (request) => {
        const { id } = request.body;
        const { result } = await run(request, 'deleteExternalApi', () =>
          Promise.resolve({ id, command: { type: 'DeleteExternalApi', data: { id } } }),
        );
        const answer: ExternalApiDeleteResponse = { success: true, position: result.position };
        return answer;
      },
    );

    routes.post(
      externalApiRoutes.test,
      {
        preValidation: app.requireAdmin,
        schema: {
          description:
            'Calls an external API as edited and answers its JSON result; public addresses only (the guarded client for addresses people type). With the id of a saved definition, masked credentials are the saved ones.',
          body: ExternalApiTestRequest,
          response: { ...errorResponses, 200: ExternalApiTestResponse },
        },
      },
      async (request) => {
        const input = request.body;
        const outbound = opts.userUrls;
        if (!outbound) throw new DomainError(externalApiMessages.testFailed);
        const { state } = await loadState(opts.db, externalApisDecider, externalApisStreamId);
        const saved = input.id === undefined ? undefined : ownValue(state, input.id);
        if (input.id !== undefined && !saved) throw new DomainError(externalApiMessages.notFound);
        refuseMasksForOtherOrigin(input, saved?.url);
        const call = await plainCallOf(input, saved, opts.secrets.keyring(opts.db));
        return performTestCall(outbound, call);
      },
    );
  };
