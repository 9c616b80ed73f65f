export { spendTotalsProjection } from './spend-totals';
export { spendAccountsProjection } from './spend-accounts';
