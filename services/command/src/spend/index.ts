export {
  UnknownAccountError,
  type LedgerAhead,
  type SpendGuard,
  type SpendPlan,
  type SpendRequest,
} from './ports';
export { createSpendGuard } from './spend-guard';
export {
  SpendLimitReached,
  spendLedgerDecider,
  type SpendLedgerState,
  type SpendLimit,
} from './ledger-decider';
export { planLedgers, type LedgerPlan } from './applicable-limits';
