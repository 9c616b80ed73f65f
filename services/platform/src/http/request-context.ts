import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { limits, platformMessages, type Actor, type EventMetadata } from '@app/contracts';
import { canonicalHash } from './canonical-json';

export const idempotencyHeader = 'idempotency-key';
const correlationHeader = 'x-correlation-id';

/** A header the request itself is refused for (400), before anything runs. */
export class InvalidHeaderError extends Error {
  readonly statusCode = 400;
  constructor(header: string) {
    super(platformMessages.headerInvalid(header, limits.idempotencyKeyLength));
    this.name = 'InvalidHeaderError';
  }
}

const printableAscii = /^[\x20-\x7e]+$/;

/**
 * A header kept in events and command results: 1 to 200 printable ASCII characters, or absent (an
 * empty value counts as absent). Anything else refuses the request naming the header.
 */
const boundedHeader = (request: FastifyRequest, name: string, label: string): string | undefined => {
  const raw = request.headers[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || raw.length > limits.idempotencyKeyLength || !printableAscii.test(raw)) {
    throw new InvalidHeaderError(label);
  }
  return raw;
};

/** The request's Idempotency-Key, when it has one; a 400 when it is too long or not printable ASCII. */
export const idempotencyKeyOf = (request: FastifyRequest): string | undefined =>
  boundedHeader(request, idempotencyHeader, 'Idempotency-Key');

/**
 * What a command result answers: a hash of the method, the route (as registered, not the url as
 * sent) and the body as canonical JSON. A retry has the same hash; the same key sent with another
 * body or to another route does not.
 */
export const requestHashOf = (request: FastifyRequest): string =>
  canonicalHash([request.method, request.routeOptions.url ?? request.url, request.body ?? null]);

/**
 * The metadata every event of a request carries: who, which command, which request. Refuses (400)
 * an Idempotency-Key or X-Correlation-Id longer than 200 characters or not printable ASCII.
 */
export const commandMetadata = (request: FastifyRequest, actor: Actor, commandId?: string): EventMetadata => {
  const key = idempotencyKeyOf(request);
  const correlation = boundedHeader(request, correlationHeader, 'X-Correlation-Id');
  const id = commandId ?? key ?? randomUUID();
  return {
    actor,
    commandId: id,
    correlationId: correlation ?? request.id,
    causationId: request.id,
    requestId: request.id,
    schemaVersion: 1,
  };
};

export const requestIdFactory = () => randomUUID();
