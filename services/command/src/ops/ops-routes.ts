import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  normalizedOp,
  OpCallRequest,
  OpCallResponse,
  opsMessages,
  OpsChangeResponse,
  OpsDeleteRequest,
  OpsGetOpRequest,
  OpsGetOpResponse,
  OpsGetRequest,
  OpsListResponse,
  OpsRegisterRequest,
  OpsRegisterResponse,
  opsRoutes,
  SystemOpsResponse,
  systemOpsStreamId,
  userOpsStreamId,
  type ParsedOpInput,
} from '@app/contracts';
import { DomainError, type AwaitProjected, type Db, type OutboundClient } from '@app/platform';
import { runRequestCommand } from '../shared/command-step';
import { callOp } from './ops-call';
import { opsDecider } from './ops-decider';
import { findOp, systemOps, visibleOps } from './ops-read';

export interface OpsRoutesOptions {
  db: Db;
  awaitProjected: AwaitProjected;
  /** The guarded client of addresses users and admins type: every op call goes through it. */
  userUrls?: OutboundClient;
}

const notFound = { 404: errorResponses[400] } as const;

/**
 * Ops (the Admin Interface's Ops tab and the `/ops` routes): admins register and delete the system ops
 * every user sees (`/amplifymin/ops/*`); users list them with their own, register and delete their
 * own (`/ops/*`), and call one by name (POST /ops) through the guarded client.
 */
export const opsRoutesPlugin =
  (opts: OpsRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    /** The op the caller may use by that name: their own unless `system_op`, of `tag` when given. */
    const callersOp = async (
      request: FastifyRequest,
      {
        op_name,
        system_op,
        tag,
      }: { op_name: string; system_op?: boolean | undefined; tag?: string | undefined },
    ) =>
      findOp(opts.db, (await request.actor()).email, op_name, {
        ...(system_op === undefined ? {} : { systemOp: system_op }),
        ...(tag === undefined ? {} : { tag }),
      });

    const register = async (request: FastifyRequest, streamId: string, input: readonly ParsedOpInput[]) => {
      const ops = input.map((op) => normalizedOp(op));
      await runRequestCommand(opts, request, {
        name: 'registerOps',
        decider: opsDecider,
        streamId,
        command: { type: 'RegisterOps', data: { ops } },
      });
      const answer: OpsRegisterResponse = { success: true, message: opsMessages.registered, data: ops };
      return answer;
    };

    const remove = async (request: FastifyRequest, streamId: string, name: string) => {
      await runRequestCommand(opts, request, {
        name: 'deleteOp',
        decider: opsDecider,
        streamId,
        command: { type: 'DeleteOp', data: { name } },
      });
      const answer: OpsChangeResponse = { success: true, message: opsMessages.deleted };
      return answer;
    };

    routes.get(
      opsRoutes.adminList,
      {
        preValidation: app.requireAdmin,
        schema: {
          description: 'The system ops (the Ops tab), sorted by name.',
          response: { ...errorResponses, 200: SystemOpsResponse },
        },
      },
      async () => {
        const ops = (await systemOps(opts.db)).sort((a, b) => a.name.localeCompare(b.name));
        const answer: SystemOpsResponse = { success: true, data: ops };
        return answer;
      },
    );

    routes.post(
      opsRoutes.get,
      {
        preValidation: app.requireUser,
        schema: {
          description: "The system ops and the caller's own, of a tag when given.",
          body: OpsGetRequest,
          response: { ...errorResponses, 200: OpsListResponse },
        },
      },
      async (request) => {
        const actor = await request.actor();
        const answer: OpsListResponse = {
          success: true,
          data: await visibleOps(opts.db, actor.email, request.body.tag),
        };
        return answer;
      },
    );

    routes.post(
      opsRoutes.getOp,
      {
        preValidation: app.requireUser,
        schema: {
          description: "One op the caller may use: their own unless system_op, else the system's.",
          body: OpsGetOpRequest,
          response: { ...errorResponses, ...notFound, 200: OpsGetOpResponse },
        },
      },
      async (request, reply) => {
        const op = await callersOp(request, request.body);
        if (!op)
          return reply
            .code(404)
            .send({ success: false, message: opsMessages.notFound(request.body.op_name) });
        const answer: OpsGetOpResponse = { success: true, data: op };
        return answer;
      },
    );

    /** The system ops (admins; every user sees them) and each user's own: registered and deleted alike. */
    const scopes = [
      {
        paths: { register: opsRoutes.adminRegister, delete: opsRoutes.adminDelete },
        guard: app.requireAdmin,
        streamOf: async () => systemOpsStreamId,
        registers: 'Registers system ops (every user sees them); an op of the same name is replaced.',
        deletes: 'Deletes a system op by name.',
      },
      {
        paths: { register: opsRoutes.register, delete: opsRoutes.delete },
        guard: app.requireUser,
        streamOf: async (request: FastifyRequest) => userOpsStreamId((await request.actor()).email),
        registers: "Registers the caller's own ops; an op of the same name is replaced.",
        deletes: "Deletes one of the caller's own ops by name.",
      },
    ];
    for (const scope of scopes) {
      const { guard: preValidation, streamOf } = scope;
      routes.post(
        scope.paths.register,
        {
          preValidation,
          schema: {
            description: scope.registers,
            body: OpsRegisterRequest,
            response: { ...errorResponses, 200: OpsRegisterResponse },
          },
        },
        async (request) => register(request, await streamOf(request), request.body.ops),
      );
      routes.post(
        scope.paths.delete,
        {
          preValidation,
          schema: {
            description: scope.deletes,
            body: OpsDeleteRequest,
            response: { ...errorResponses, 200: OpsChangeResponse },
          },
        },
        async (request) => remove(request, await streamOf(request), request.body.op.name),
      );
    }

    routes.post(
      opsRoutes.call,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            'Calls an op the caller may use with its parameters (GET and DELETE send no body), through the guarded client; answers its status and body (JSON when it is).',
          body: OpCallRequest,
          response: { ...errorResponses, ...notFound, 200: OpCallResponse },
        },
      },
      async (request, reply) => {
        const { op_name, parameters } = request.body;
        const op = await callersOp(request, { ...request.body, tag: undefined });
        if (!op) return reply.code(404).send({ success: false, message: opsMessages.notFound(op_name) });
        if (!opts.userUrls)
          throw new DomainError(opsMessages.callFailed(op_name, 'calls are not enabled here.'));
        const closed = new AbortController();
        reply.raw.once('close', () => closed.abort());
        const outcome = await callOp(opts.userUrls, op, parameters, closed.signal);
        const answer: OpCallResponse = {
          success: outcome.ok,
          status: outcome.status,
          data: outcome.data,
          ...(outcome.message === undefined ? {} : { message: outcome.message }),
        };
        return answer;
      },
    );
  };
