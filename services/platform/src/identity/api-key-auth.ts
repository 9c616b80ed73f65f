import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  apiKeyAllows,
  apiKeyMessages,
  apiKeySecretPrefix,
  type ApiKeyAccessType,
  type ApiKeyRefusalReason,
} from '@app/contracts';
import type { Db } from '../db/database';
import {
  apiKeyActor,
  findApiKeyBySecret,
  recordApiKeyRefusal,
  touchApiKey,
  type ApiKeyCredential,
} from './api-key-credentials';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The access type an API key needs to call this route (`full_access` satisfies any). A route
     * without one refuses every API key (403): admin routes, sign-in, the key management itself.
     */
    apiKeyAccess?: ApiKeyAccessType;
  }
}

const bearerPrefix = `Bearer ${apiKeySecretPrefix}`;

/** The API key secret an `Authorization: Bearer amp-v1-…` header carries; undefined for anything else. */
export const apiKeyTokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  return header?.startsWith(bearerPrefix) ? header.slice('Bearer '.length) : undefined;
};

export type ApiKeyOutcome =
  { ok: true; key: ApiKeyCredential } | { ok: false; status: 401 | 403; message: string };

const routeOf = (request: FastifyRequest): string =>
  `${request.method} ${request.routeOptions.url ?? '(no route)'}`;

/**
 * Checks a request made with an API key: the key must exist, be active and unexpired (else 401),
 * and the route must declare an access type the key holds (else 403). Refusals of a known key are
 * logged and recorded (`ApiKeyUseRefused`, at most once a minute per key and reason); an unknown
 * key only logged (nothing to record it on, and a flood of guesses must not grow the log). A key
 * in force has its lastAccessed moved (at most once a minute).
 */
export const authenticateApiKey = async (
  db: Db,
  request: FastifyRequest,
  token: string,
): Promise<ApiKeyOutcome> => {
  const key = await findApiKeyBySecret(db, token);
  if (!key) {
    request.log.warn({ apiKeyRefused: 'unknownKey', route: routeOf(request) }, 'API key refused');
    return { ok: false, status: 401, message: apiKeyMessages.unknownKey };
  }
  const now = new Date();
  const refuse = async (
    status: 401 | 403,
    reason: ApiKeyRefusalReason,
    message: string,
  ): Promise<ApiKeyOutcome> => {
    await recordRefusal(db, request, key, reason, message, now);
    return { ok: false, status, message };
  };
  if (!key.active) return refuse(401, 'inactive', apiKeyMessages.inactive);
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime())
    return refuse(401, 'expired', apiKeyMessages.expired);
  const declared = request.routeOptions.config.apiKeyAccess;
  if (!declared) return refuse(403, 'routeRefusesKeys', apiKeyMessages.routeRefusesKeys);
  if (!apiKeyAllows(key.accessTypes, declared))
    return refuse(403, 'outsideAccessTypes', apiKeyMessages.outsideAccessTypes(declared));
  await touchApiKey(db, key, now).catch((e: unknown) =>
    request.log.warn({ err: e, apiKeyId: key.id }, 'API key last access not recorded'),
  );
  return { ok: true, key };
};

/** Logs a refused use of `key` and records it (bounded); a failure to record is logged, never thrown. */
export const recordRefusal = async (
  db: Db,
  request: FastifyRequest,
  key: Pick<ApiKeyCredential, 'id' | 'principal'>,
  reason: ApiKeyRefusalReason,
  message: string,
  now: Date = new Date(),
): Promise<void> => {
  const route = routeOf(request);
  request.log.warn({ apiKeyId: key.id, apiKeyRefused: reason, route }, 'API key refused');
  const metadata = {
    actor: apiKeyActor(key),
    commandId: randomUUID(),
    correlationId: request.id,
    causationId: request.id,
    requestId: request.id,
    schemaVersion: 1,
  };
  await recordApiKeyRefusal(db, { apiKeyId: key.id, reason, route, message }, metadata, now).catch(
    (e: unknown) => request.log.error({ err: e, apiKeyId: key.id }, 'API key refusal not recorded'),
  );
};
