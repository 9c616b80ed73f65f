import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Actor, EventMetadata } from '@app/contracts';

export const idempotencyHeader = 'idempotency-key';

/** The metadata every event of a request carries: who, which command, which request. */
export const commandMetadata = (request: FastifyRequest, actor: Actor, commandId?: string): EventMetadata => {
  const header = request.headers[idempotencyHeader];
  const key = typeof header === 'string' && header.length > 0 ? header : undefined;
  const correlation = request.headers['x-correlation-id'];
  const id = commandId ?? key ?? randomUUID();
  return {
    actor,
    commandId: id,
    correlationId: typeof correlation === 'string' ? correlation : request.id,
    causationId: request.id,
    requestId: request.id,
    schemaVersion: 1,
  };
};

export const requestIdFactory = () => randomUUID();
