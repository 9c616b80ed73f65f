import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ConcurrencyError, DomainError } from '../event-store/errors';
import { platformMessages } from '@app/contracts';

const describeIssue = (path: readonly PropertyKey[], message: string): string =>
  path.length ? `${path.map(String).join('.')}: ${message}` : message;

const describeZod = (e: ZodError): string => e.issues.map((i) => describeIssue(i.path, i.message)).join('; ');

/** A route's schema refused its input: the issues come as `/a/0/b` paths; the words are the same as describeZod's. */
const describeValidation = (issues: readonly { instancePath: string; message?: string }[]): string =>
  issues
    .map((i) => {
      const path = i.instancePath.slice(1);
      return describeIssue(path === '' ? [] : path.split('/'), i.message ?? '');
    })
    .join('; ');

/**
 * One answer per kind of failure: malformed input 400 naming the field, a broken rule 400 with the
 * rule's message, a stale version 409 naming who changed it, anything else 500 without details.
 */
export const installErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ success: false, message: describeValidation(error.validation) });
    }
    if (error instanceof ZodError) {
      return reply.code(400).send({ success: false, message: describeZod(error) });
    }
    if (error instanceof DomainError) {
      return reply.code(400).send({ success: false, message: error.message });
    }
    if (error instanceof ConcurrencyError) {
      const message = platformMessages.staleSection(
        error.streamId,
        error.lastActor ?? 'someone',
        error.lastChangedAt ?? 'an earlier time',
      );
      return reply.code(409).send({ success: false, message, changedBy: error.lastActor });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ success: false, message: 'Internal error' });
    }
    return reply.code(status).send({ success: false, message: error.message });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ success: false, message: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
};
