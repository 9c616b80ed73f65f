import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { LegacyRateLimit, unlimitedRateLimit } from '../admin/rate-limit';
import { ChatId } from './chat-request';
import { successList } from '../success';

/** Accounts (COA): POST /state/accounts/save {accounts}, GET /state/accounts/get. */
export const accountRoutes = { save: '/state/accounts/save', get: '/state/accounts/get' } as const;

export const defaultAccountId = 'general_account';
export const defaultAccountName = 'No COA On File';

export const Account = z.object({
  id: ChatId,
  name: boundedString('The account name', 200).min(1, 'An account needs a name'),
  rateLimit: LegacyRateLimit.default(unlimitedRateLimit()),
});
export type Account = z.infer<typeof Account>;

export const defaultAccount = (): Account => ({
  id: defaultAccountId,
  name: defaultAccountName,
  rateLimit: unlimitedRateLimit(),
});

export const AccountsSaveRequest = z.object({ accounts: boundedList(Account, 'Accounts', 100) });
export type AccountsSaveRequest = z.infer<typeof AccountsSaveRequest>;

/** The caller's accounts, the default one first. */
export const AccountsResponse = successList(Account);
export type AccountsResponse = z.infer<typeof AccountsResponse>;
