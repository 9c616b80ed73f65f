import { accountRoutes, AccountsResponse, type Account } from '@app/contracts';
import { relayJson } from './relay';

/** GET /state/accounts/get: the caller's accounts (COA), the default one first. */
export async function fetchAccounts(): Promise<Account[]> {
  return (await relayJson('getAccounts', accountRoutes.get, AccountsResponse)).body.data;
}
