import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  McpChangeRequest,
  McpCommandResponse,
  mcpEditRoutes,
  McpEditRefusal,
  McpRemoveRequest,
  mcpServersStreamId,
  ownValue,
  type Actor,
  type McpSealedAuth,
  type McpTool,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { handleCommand } from '../shared/handle-command';
import { loadState } from '../shared/stream-state';
import { runCommand } from '../shared/command-route';
import { mcpServersDecider, type McpServersCommand } from './mcp-decider';
import { McpServerChangedSince, McpServerNotFound, refuseChangedSince } from './mcp-server-edit';
import { secretsOfMcpAuth } from './mcp-auth';
import { mcpHeadersOfEdit, sealMcpAuthEdit } from './mcp-auth-edit';
import { refuseOutsideMcpAllow } from './mcp-allow';
import { fetchMcpTools } from './mcp-client';
import type { McpRouteOptions } from './mcp-routes';

const responses = { ...errorResponses, 200: McpCommandResponse, 404: McpEditRefusal, 409: McpEditRefusal };

/** An unknown server is a 404, one changed since it was opened a 409 naming who changed it. */
const refusedAs = async (reply: FastifyReply, work: () => Promise<McpCommandResponse>) => {
  try {
    return await work();
  } catch (e) {
    if (e instanceof McpServerNotFound) return reply.code(404).send({ success: false, message: e.message });
    if (e instanceof McpServerChangedSince)
      return reply
        .code(409)
        .send({ success: false, message: e.message, ...(e.changedBy ? { changedBy: e.changedBy } : {}) });
    throw e;
  }
};

/**
 * Editing and removing a registered server (admins). In one transaction: the command at the
 * revision the admin opened, then the credentials no longer saved are shredded (a replaced token,
 * a dropped header, all of a removed server's), as the external APIs' editor does.
 */
export const mcpEditRoutesOf = (app: FastifyInstance, opts: McpRouteOptions): void => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const run = (
    request: FastifyRequest,
    name: string,
    serverId: string,
    build: (trx: Db, saved: McpSealedAuth, actor: Actor) => Promise<McpServersCommand>,
  ) =>
    runCommand(
      request,
      opts,
      name,
      async (trx, { metadata, actor }) => {
        const before = await loadState(trx, mcpServersDecider, mcpServersStreamId);
        const saved = ownValue(before.state, serverId);
        if (!saved) throw new McpServerNotFound();
        const command = await build(trx, saved.auth, actor);
        const outcome = await handleCommand(trx, mcpServersDecider, mcpServersStreamId, command, {
          metadata,
          expectedVersion: before.version,
        });
        const after = await loadState(trx, mcpServersDecider, mcpServersStreamId);
        const sent = command.type === 'ChangeMcpServer' ? secretsOfMcpAuth(command.data.auth) : [];
        await opts.secrets
          .keyring(trx)
          .shred(
            [...secretsOfMcpAuth(saved.auth), ...sent],
            secretsOfMcpAuth(ownValue(after.state, serverId)?.auth),
          );
        return outcome;
      },
      (outcome) => outcome,
    );

  routes.post(
    mcpEditRoutes.change,
    {
      preValidation: app.requireAdmin,
      schema: {
        description:
          "Edits a server's name, URL (refused outside MCP_ALLOW), credentials (a blank value keeps the saved one) and groups, at the revision opened (409 when changed since). A new URL drops the tools' choices and fetches the new address's tools.",
        body: McpChangeRequest,
        response: responses,
      },
    },
    (request, reply) =>
      refusedAs(reply, async () => {
        const input = request.body;
        const url = input.url.trim();
        const { state } = await loadState(opts.db, mcpServersDecider, mcpServersStreamId);
        const current = ownValue(state, input.serverId);
        if (!current) throw new McpServerNotFound();
        refuseChangedSince(current, input.expectedRevision);
        let fetched: { tools: McpTool[]; problems: string[] } | undefined;
        if (url !== current.url) {
          refuseOutsideMcpAllow(url, opts.connector.allow);
          const headers = await mcpHeadersOfEdit(input.auth, current.auth, opts.secrets.keyring(opts.db));
          fetched = await fetchMcpTools(opts.connector, url, headers);
        }
        const { result } = await run(
          request,
          'changeMcpServer',
          input.serverId,
          async (trx, saved, actor) => ({
            type: 'ChangeMcpServer',
            data: {
              serverId: input.serverId,
              expectedRevision: input.expectedRevision,
              name: input.name,
              url,
              auth: await sealMcpAuthEdit(input.auth, saved, opts.secrets.keyring(trx)),
              groups: input.groups,
              ...(fetched ? { fetched } : {}),
              actor,
            },
          }),
        );
        return { success: true as const, id: input.serverId, position: result.position };
      }),
  );

  routes.post(
    mcpEditRoutes.remove,
    {
      preValidation: app.requireAdmin,
      schema: {
        description:
          'Removes a server at the revision confirmed (409 when changed since): its tools stop being offered in chats at once, its credentials are shredded.',
        body: McpRemoveRequest,
        response: responses,
      },
    },
    (request, reply) =>
      refusedAs(reply, async () => {
        const { serverId, expectedRevision } = request.body;
        const { result } = await run(request, 'removeMcpServer', serverId, (_trx, _saved, actor) =>
          Promise.resolve({ type: 'RemoveMcpServer', data: { serverId, expectedRevision, actor } }),
        );
        return { success: true as const, id: serverId, position: result.position };
      }),
  );
};
