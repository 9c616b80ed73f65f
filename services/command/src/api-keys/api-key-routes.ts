import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiKeyLimits,
  apiKeyMessages,
  apiKeyRoutes,
  ApiKeyChangeResponse,
  ApiKeyCreateRequest,
  ApiKeyIdRequest,
  ApiKeySecretResponse,
  ApiKeysResponse,
  ApiKeysUpdateRequest,
  ApiKeySystemIdsResponse,
  chatMessages,
  errorResponses,
  ErrorResponse,
  ConflictResponse,
  type ApiKeyAccount,
  type ApiKeyView,
} from '@app/contracts';
import { DomainError, type Db } from '@app/platform';
import { runCommand } from '../shared/command-route';
import { loadAccounts } from '../accounts/index';
import { ApiKeyNotFoundError } from './api-key-decider';
import { deactivateApiKey, issueApiKey, rotateApiKey, updateApiKeys } from './api-key-commands';
import { apiKeyRows } from './api-key-rows';

const responses = { ...errorResponses, 404: ErrorResponse, 409: ConflictResponse } as const;

/** An account of the owner's own, as they named it; else the chat's refusal (400). */
const ownAccount = async (db: Db, owner: string, account: ApiKeyAccount): Promise<ApiKeyAccount> => {
  const accounts = await loadAccounts(db, owner);
  const found = accounts.find((a) => a.id === account.id);
  if (!found) throw new DomainError(chatMessages.unknownAccount(account.id));
  return { id: found.id, name: found.name, isDefault: found.id === accounts[0]?.id };
};

/** At most `apiKeyLimits.activeKeysPerOwner` active keys per owner (a user cannot grow the table without bound). */
const refuseTooManyKeys = async (db: Db, owner: string): Promise<void> => {
  const active = await apiKeyRows.activeCountOf(db, owner);
  if (active >= apiKeyLimits.activeKeysPerOwner)
    throw new DomainError(apiKeyMessages.tooManyKeys(apiKeyLimits.activeKeysPerOwner));
};

/** An unknown key and someone else's answer the same 404. */
const notFoundAs404 = async <T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> => {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ApiKeyNotFoundError) return reply.code(404).send({ success: false, message: e.message });
    throw e;
  }
};

/**
 * The /apiKeys routes for signed-in users; an API key may not call them
 * (none declares an access type). The secret is answered by create and rotate only, once: a
 * replay of the same Idempotency-Key answers the key without it (the stored result never holds it).
 */
export const apiKeyRoutesPlugin =
  (opts: { db: Db }): FastifyPluginAsync =>
  async (app) => {
    const { db } = opts;
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const guard = { preValidation: app.requireUser };

    routes.post(
      apiKeyRoutes.create,
      {
        ...guard,
        schema: {
          description:
            'Creates an API key of the caller (owner); answers its secret once (not for a delegate: theirs alone).',
          body: ApiKeyCreateRequest,
          response: { ...responses, 200: ApiKeySecretResponse },
        },
      },
      async (request) => {
        const body = request.body;
        let secret: string | undefined;
        const { result, replayed } = await runCommand<ApiKeyView>(
          request,
          opts,
          'createApiKey',
          async (trx, { actor, metadata }) => {
            await refuseTooManyKeys(trx, actor.email);
            const account = await ownAccount(trx, actor.email, body.account);
            const issued = await issueApiKey(
              trx,
              { ...body, owner: actor.email, delegate: body.delegate ?? null, account },
              metadata,
            );
            secret = issued.secret;
            return issued.key;
          },
        );
        const toDelegate = result.delegate !== null;
        const answer: ApiKeySecretResponse = {
          success: true,
          message: replayed
            ? apiKeyMessages.secretNotShownAgain
            : toDelegate
              ? apiKeyMessages.createdForDelegate(result.delegate ?? '')
              : apiKeyMessages.created,
          data: {
            apiKeyId: result.apiKeyId,
            ...(secret !== undefined && !replayed && !toDelegate ? { secret } : {}),
            key: result,
          },
        };
        return answer;
      },
    );

    routes.post(
      apiKeyRoutes.rotate,
      {
        ...guard,
        schema: {
          description: 'A new secret for a key the caller uses (answered once); the old one stops working.',
          body: ApiKeyIdRequest,
          response: { ...responses, 200: ApiKeySecretResponse },
        },
      },
      async (request, reply) => {
        const { apiKeyId } = request.body;
        return notFoundAs404(reply, async () => {
          let secret: string | undefined;
          const { result, replayed } = await runCommand<ApiKeyView>(
            request,
            opts,
            'rotateApiKey',
            async (trx, { actor, metadata }) => {
              const rotated = await rotateApiKey(trx, apiKeyId, actor.email, metadata);
              secret = rotated.secret;
              return rotated.key;
            },
          );
          const answer: ApiKeySecretResponse = {
            success: true,
            message: replayed ? apiKeyMessages.secretNotShownAgain : apiKeyMessages.rotated,
            data: { apiKeyId, ...(secret !== undefined && !replayed ? { secret } : {}), key: result },
          };
          return answer;
        });
      },
    );

    routes.post(
      apiKeyRoutes.deactivate,
      {
        ...guard,
        schema: {
          description: 'Deactivates a key for good; an inactive key is only said to be inactive.',
          body: ApiKeyIdRequest,
          response: { ...responses, 200: ApiKeyChangeResponse },
        },
      },
      async (request, reply) => {
        return notFoundAs404(reply, async () => {
          const { result } = await runCommand(request, opts, 'deactivateApiKey', (trx, { actor, metadata }) =>
            deactivateApiKey(trx, request.body.apiKeyId, actor.email, metadata),
          );
          const answer: ApiKeyChangeResponse = {
            success: true,
            message: result.alreadyInactive ? apiKeyMessages.alreadyInactive : apiKeyMessages.deactivated,
            data: [result.key],
          };
          return answer;
        });
      },
    );

    routes.post(
      apiKeyRoutes.update,
      {
        ...guard,
        schema: {
          description: "Changes the caller's active keys: every entry or none.",
          body: ApiKeysUpdateRequest,
          response: { ...responses, 200: ApiKeyChangeResponse },
        },
      },
      async (request, reply) => {
        const seen = new Set<string>();
        for (const u of request.body) {
          if (seen.has(u.apiKeyId)) throw new DomainError(apiKeyMessages.repeatedKey(u.apiKeyId));
          seen.add(u.apiKeyId);
        }
        return notFoundAs404(reply, async () => {
          const { result } = await runCommand(
            request,
            opts,
            'updateApiKeys',
            async (trx, { actor, metadata }) => {
              const updates = [];
              for (const u of request.body) {
                const { apiKeyId, active, account, ...rest } = u;
                const changes = {
                  ...rest,
                  ...(account ? { account: await ownAccount(trx, actor.email, account) } : {}),
                };
                updates.push({ apiKeyId, changes, ...(active === undefined ? {} : { active }) });
              }
              return updateApiKeys(trx, updates, actor.email, metadata);
            },
          );
          const answer: ApiKeyChangeResponse = {
            success: true,
            message:
              result.changed === 0 ? apiKeyMessages.nothingChanged : apiKeyMessages.updated(result.changed),
            data: result.keys,
          };
          return answer;
        });
      },
    );

    routes.get(
      apiKeyRoutes.get,
      {
        ...guard,
        schema: {
          description: 'The keys the caller owns or is the delegate of (system keys included), newest first.',
          response: { ...responses, 200: ApiKeysResponse },
        },
      },
      async (request) => {
        const answer: ApiKeysResponse = {
          success: true,
          data: await apiKeyRows.visibleTo(db, request.principal ?? ''),
        };
        return answer;
      },
    );

    routes.get(
      apiKeyRoutes.systemIds,
      {
        ...guard,
        schema: {
          description: "The caller's active system keys: their system ids.",
          response: { ...responses, 200: ApiKeySystemIdsResponse },
        },
      },
      async (request) => {
        const answer: ApiKeySystemIdsResponse = {
          success: true,
          data: await apiKeyRows.systemIdsOf(db, request.principal ?? ''),
        };
        return answer;
      },
    );
  };
