export { accountRoutesPlugin } from './accounts-routes';
export { accountsDecider, accountOf, type AccountsCommand, type AccountsState } from './accounts-decider';
export { loadAccounts, saveAccounts } from './accounts-store';
