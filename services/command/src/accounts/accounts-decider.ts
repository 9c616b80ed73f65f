import {
  accountMessages,
  defaultAccount,
  defaultAccountId,
  normaliseRateLimit,
  sameRateLimit,
  type Account,
  type AccountsEvent,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, plainSnapshot, type Decider } from '../shared/decider';

/** A user's accounts (COA), the default one first; never empty. */
export type AccountsState = Account[];

export type AccountsCommand = { type: 'SaveAccounts'; data: { email: string; accounts: readonly Account[] } };

/** The list as kept: the default account first (added when left out), rate limits normalised. */
export const withDefaultFirst = (accounts: readonly Account[]): Account[] => {
  const sent = accounts.find((a) => a.id === defaultAccountId);
  const rest = accounts.filter((a) => a.id !== defaultAccountId);
  return [sent ?? defaultAccount(), ...rest].map((a) => ({
    ...a,
    rateLimit: normaliseRateLimit(a.rateLimit),
  }));
};

const sameAccounts = (a: readonly Account[], b: readonly Account[]): boolean =>
  a.length === b.length &&
  a.every((x, i) => {
    const y = b[i];
    return y !== undefined && x.id === y.id && x.name === y.name && sameRateLimit(x.rateLimit, y.rateLimit);
  });

const refuseDuplicates = (accounts: readonly Account[]): void => {
  const seen = new Set<string>();
  for (const a of accounts) {
    if (seen.has(a.id)) throw new DomainError(accountMessages.duplicateId(a.id));
    seen.add(a.id);
  }
};

/** Accounts of one user (`accounts-<email>`): a save records the whole list when it changed. */
export const accountsDecider: Decider<AccountsState, AccountsCommand, AccountsEvent> = {
  initialState: () => [defaultAccount()],

  decide: (command, state) => {
    switch (command.type) {
      case 'SaveAccounts': {
        refuseDuplicates(command.data.accounts);
        const accounts = withDefaultFirst(command.data.accounts);
        return sameAccounts(state, accounts)
          ? []
          : [{ type: 'AccountsSaved', data: { email: command.data.email, accounts } }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve: (_state, event) => {
    switch (event.type) {
      case 'AccountsSaved':
        return withDefaultFirst(event.data.accounts);
      default:
        return assertNever(event.type);
    }
  },

  snapshot: plainSnapshot('accounts/1', (j) => Array.isArray(j) && j.length > 0),
};

/** The account `accountId` of a user's accounts, if there is one. */
export const accountOf = (accounts: readonly Account[], accountId: string): Account | undefined =>
  accounts.find((a) => a.id === accountId);
