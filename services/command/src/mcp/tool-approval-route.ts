import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatStreamId,
  ErrorResponse,
  mcpChatMessages,
  mcpChatRoutes,
  ToolApprovalRequest,
  ToolApprovalResponse,
} from '@app/contracts';
import { DomainError, readStream, type Db } from '@app/platform';
import { commandCallOf } from '../shared/command-route';
import { recordToolEvent, toolWakeId, type ToolWakes } from './ask-first';

export interface ToolApprovalRouteOptions {
  db: Db;
  wakes: ToolWakes;
}

/** Whether `email` made the request (the actor of its ChatRequested). */
const ownsRequest = async (db: Db, requestId: string, email: string): Promise<boolean> => {
  const [first] = await readStream(db, chatStreamId(requestId));
  return first?.type === 'ChatRequested' && first.metadata.actor.email === email;
};

/**
 * POST the owner's answer to an MCP call that asks first: only the request's owner, only while the
 * call waits (404 for anyone else's request or no such question alike; 409 once answered). The
 * answer is recorded (`ToolCallApproved` / `ToolCallDenied`, the owner the actor) and wakes the
 * instance where the call waits.
 */
export const toolApprovalRoutePlugin =
  (opts: ToolApprovalRouteOptions): FastifyPluginAsync =>
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      mcpChatRoutes.approval,
      {
        preValidation: app.requireUser,
        config: { apiKeyAccess: 'chat' },
        schema: {
          description:
            "The owner's Allow or Deny for an MCP tool call that asks first (its question came in the chat stream as `approval`). 404: no such question of yours; 409: already answered.",
          body: ToolApprovalRequest,
          response: { 200: ToolApprovalResponse, 404: ErrorResponse, 409: ErrorResponse },
        },
      },
      async (request, reply) => {
        const { requestId, callId, decision } = request.body;
        const call = await commandCallOf(request);
        if (!(await ownsRequest(opts.db, requestId, call.actor.email)))
          return reply.code(404).send({ success: false, message: mcpChatMessages.approvalNotFound });
        try {
          await recordToolEvent(opts.db, requestId, call.metadata, {
            type: 'AnswerApproval',
            requestId,
            callId,
            allow: decision === 'allow',
          });
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
          const status = e.message === mcpChatMessages.approvalGone ? 409 : 404;
          return reply.code(status).send({ success: false, message: e.message });
        }
        await opts.wakes.publish(toolWakeId(requestId, callId));
        const answer: ToolApprovalResponse = { success: true, decision };
        return answer;
      },
    );
  };
