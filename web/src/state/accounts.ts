import { atom } from 'jotai';
import { defaultAccount, type Account } from '@app/contracts';
import { errorText } from '../api/http';
import { fetchAccounts } from '../api/accounts';
import { answeredNotFound } from '../api/relay';
import { pushToastAtom } from './toasts';
import { defaultAccountFirst } from './account-order';

/** The user's accounts (COA), the default 'No COA On File' first. */
export const accountsAtom = atom<Account[]>([defaultAccount()]);

export const chosenAccountIdAtom = atom<string | null>(null);

/** The account requests are attributed to: the one picked when still listed, else the first. */
export const selectedAccountAtom = atom<Account>((get) => {
  const accounts = get(accountsAtom);
  const chosen = get(chosenAccountIdAtom);
  return accounts.find((a) => a.id === chosen) ?? accounts[0] ?? defaultAccount();
});

export const loadAccountsAtom = atom(null, async (_get, set) => {
  try {
    set(accountsAtom, defaultAccountFirst(await fetchAccounts()));
  } catch (e) {
    if (!answeredNotFound(e)) set(pushToastAtom, { tone: 'error', message: errorText(e) });
  }
});
