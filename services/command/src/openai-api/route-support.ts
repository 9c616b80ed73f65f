import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { chatMessages, OpenAiErrorResponse } from '@app/contracts';
import { describeIssues, retryAfterSeconds, type ChatRefusal } from '../chat/index';
import { openaiError } from './openai-errors';

/** The refusals of the OpenAI-compatible routes, each in OpenAI's shape. */
export const openaiErrorResponses = {
  400: OpenAiErrorResponse,
  401: OpenAiErrorResponse,
  403: OpenAiErrorResponse,
  404: OpenAiErrorResponse,
  409: OpenAiErrorResponse,
  413: OpenAiErrorResponse,
  429: OpenAiErrorResponse,
  500: OpenAiErrorResponse,
};

/** The body refused by its schema (400), its issues named by field. */
class OpenAiBodyError extends Error {
  readonly statusCode = 400;
}

/** A route's validator: the body (as `prepare` makes it) by `schema`, its refusal a 400 naming the fields. */
export const openaiBodyParser =
  <T>(schema: z.ZodType<T>, prepare: (body: unknown) => unknown = (body) => body) =>
  () =>
  (body: unknown) => {
    const parsed = schema.safeParse(prepare(body));
    return parsed.success
      ? { value: parsed.data }
      : { error: new OpenAiBodyError(describeIssues(parsed.error)) };
  };

/** A route's error handler: its refusals (4xx) in OpenAI's shape with their words; anything else a logged 500. */
export const answerOpenAiError = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void => {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status < 500) {
    void reply.code(status).send(openaiError(status, error.message));
    return;
  }
  request.log.error({ err: error }, 'OpenAI-compatible request failed');
  void reply.code(500).send(openaiError(500, chatMessages.communicationError));
};

/** The caller's email: the key's (its delegate, else its owner) or the session's. */
export const callerOf = async (request: FastifyRequest): Promise<string> =>
  request.apiKey ? (await request.actor()).email : (request.principal ?? (await request.actor()).email);

/** A refusal before anything was sent, with `Retry-After` until a spend limit's window resets. */
export const sendRefusal = (reply: FastifyReply, e: ChatRefusal, status: number = e.statusCode) => {
  if (e.resetsAt) void reply.header('retry-after', retryAfterSeconds(e.resetsAt, new Date()));
  return reply.code(status).send(openaiError(status, e.message));
};
