import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  McpApproveRequest,
  McpCommandResponse,
  McpGroupsRequest,
  mcpMessages,
  McpRegisterRequest,
  mcpRoutes,
  McpServerIdRequest,
  mcpServersStreamId,
  ownValue,
} from '@app/contracts';
import { DomainError, type AwaitProjected, type Db, type SecretBox } from '@app/platform';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { loadState } from '../shared/stream-state';
import { runCommand } from '../shared/command-route';
import { mcpServersDecider, type McpServersCommand } from './mcp-decider';
import { mcpHeadersOf, sealMcpAuth } from './mcp-auth';
import { refuseOutsideMcpAllow } from './mcp-allow';
import { fetchMcpTools, type McpConnector } from './mcp-client';
import { mcpEditRoutesOf } from './mcp-edit-routes';

export interface McpRouteOptions {
  db: Db;
  secrets: SecretBox;
  awaitProjected: AwaitProjected;
  /** The guarded client on MCP_ALLOW and MCP_ALLOW itself; without it every server is refused. */
  connector: McpConnector;
}

type Outcome = CommandOutcome & { id: string };

const answerOf = (outcome: Outcome): McpCommandResponse => ({
  success: true,
  id: outcome.id,
  position: outcome.position,
});

/**
 * The MCP servers of the Admin Interface's Ops tab (admins only): register one (credentials sealed
 * at once, refused outside MCP_ALLOW), fetch a server's tools, choose per tool (pinned to
 * the hash the admin saw) and limit a server to Amplify groups; edit or remove one (mcp-edit-routes.ts).
 */
export const mcpRoutesPlugin =
  (opts: McpRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    const run = (
      request: FastifyRequest,
      name: string,
      build: (
        trx: Db,
        actor: McpServersCommand['data']['actor'],
      ) => Promise<{ id: string; command: McpServersCommand }>,
    ) =>
      runCommand<Outcome>(
        request,
        opts,
        name,
        async (trx, { metadata, actor }) => {
          const before = await loadState(trx, mcpServersDecider, mcpServersStreamId);
          const { id, command } = await build(trx, actor);
          const outcome = await handleCommand(trx, mcpServersDecider, mcpServersStreamId, command, {
            metadata,
            expectedVersion: before.version,
          });
          return { ...outcome, id };
        },
        (outcome) => outcome,
      );

    const body = { preValidation: app.requireAdmin };

    routes.post(
      mcpRoutes.register,
      {
        ...body,
        schema: {
          description:
            'Registers an MCP server (refused when its URL is outside MCP_ALLOW); its credentials are sealed and never answered.',
          body: McpRegisterRequest,
          response: { ...errorResponses, 200: McpCommandResponse },
        },
      },
      async (request) => {
        const input = request.body;
        const url = input.url.trim();
        refuseOutsideMcpAllow(url, opts.connector.allow);
        const { result } = await run(request, 'registerMcpServer', async (trx, actor) => {
          const id = randomUUID();
          const auth = await sealMcpAuth(input.auth, opts.secrets.keyring(trx));
          return {
            id,
            command: { type: 'RegisterMcpServer', data: { id, name: input.name, url, auth, actor } },
          };
        });
        return answerOf(result);
      },
    );

    routes.post(
      mcpRoutes.fetchTools,
      {
        ...body,
        schema: {
          description:
            'Connects to the server (through the guarded client on MCP_ALLOW) and records the tools it lists, bounded; what is left out is reported.',
          body: McpServerIdRequest,
          response: { ...errorResponses, 200: McpCommandResponse },
        },
      },
      async (request) => {
        const { serverId } = request.body;
        const { state } = await loadState(opts.db, mcpServersDecider, mcpServersStreamId);
        const server = ownValue(state, serverId);
        if (!server) throw new DomainError(mcpMessages.notFound);
        const headers = await mcpHeadersOf(server.auth, opts.secrets.keyring(opts.db));
        const { tools, problems } = await fetchMcpTools(opts.connector, server.url, headers);
        const { result } = await run(request, 'fetchMcpTools', (_trx, actor) =>
          Promise.resolve({
            id: serverId,
            command: { type: 'RecordMcpTools', data: { serverId, tools, problems, actor } },
          }),
        );
        return answerOf(result);
      },
    );

    routes.post(
      mcpRoutes.approve,
      {
        ...body,
        schema: {
          description:
            "Sets per tool 'Allowed', 'Ask first' or 'Off', pinned to the definition hash the admin saw (a tool changed since is refused).",
          body: McpApproveRequest,
          response: { ...errorResponses, 200: McpCommandResponse },
        },
      },
      async (request) => {
        const { serverId, tools } = request.body;
        const { result } = await run(request, 'approveMcpTools', (_trx, actor) =>
          Promise.resolve({
            id: serverId,
            command: { type: 'ApproveMcpTools', data: { serverId, tools, actor } },
          }),
        );
        return answerOf(result);
      },
    );

    routes.post(
      mcpRoutes.groups,
      {
        ...body,
        schema: {
          description: 'Limits an MCP server to members of these Amplify groups (none: every user).',
          body: McpGroupsRequest,
          response: { ...errorResponses, 200: McpCommandResponse },
        },
      },
      async (request) => {
        const { serverId, groups } = request.body;
        const { result } = await run(request, 'limitMcpServerGroups', (_trx, actor) =>
          Promise.resolve({
            id: serverId,
            command: { type: 'LimitMcpServerGroups', data: { serverId, groups, actor } },
          }),
        );
        return answerOf(result);
      },
    );

    mcpEditRoutesOf(app, opts);
  };
