import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountRoutes,
  AccountsResponse,
  AccountsSaveRequest,
  errorResponses,
  type Account,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { runCommand } from '../shared/command-route';
import { loadAccounts, saveAccounts } from './accounts-store';

/**
 * The caller's accounts (COA): POST /state/accounts/save records the whole list (the
 * default account first, added when left out; an Idempotency-Key sent again answers the first
 * save), GET /state/accounts/get answers it from the caller's own small stream.
 */
export const accountRoutesPlugin =
  (db: Db): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const saveSchema = {
      description: "Saves the caller's accounts (COA); answers them as saved, the default account first.",
      body: AccountsSaveRequest,
      response: { ...errorResponses, 200: AccountsResponse },
    };
    routes.post(
      accountRoutes.save,
      { preValidation: app.requireUser, schema: saveSchema },
      async (request) => {
        const { result } = await runCommand<Account[]>(
          request,
          { db },
          'saveAccounts',
          async (trx, { actor, metadata }) => {
            await saveAccounts(trx, actor.email, request.body.accounts, metadata);
            return loadAccounts(trx, actor.email);
          },
        );
        const answer: AccountsResponse = { success: true, data: result };
        return answer;
      },
    );

    const getSchema = {
      description: "The caller's accounts (COA), the default account first.",
      response: { ...errorResponses, 200: AccountsResponse },
    };
    routes.get(accountRoutes.get, { preValidation: app.requireUser, schema: getSchema }, async (request) => {
      const email = request.principal ?? '';
      const answer: AccountsResponse = { success: true, data: await loadAccounts(db, email) };
      return answer;
    });
  };
