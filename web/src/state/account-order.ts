import { defaultAccount, type Account } from '@app/contracts';

/** The account picker's list: the default 'No COA On File' account first, whatever the server's order. */
export const defaultAccountFirst = (accounts: readonly Account[]): Account[] => {
  const fallback = defaultAccount();
  const found = accounts.find((a) => a.id === fallback.id) ?? fallback;
  return [found, ...accounts.filter((a) => a.id !== fallback.id)];
};
