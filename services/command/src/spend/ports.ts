import { chatMessages, type EventMetadata, type RateLimit } from '@app/contracts';
import { DomainError, type Db, type StreamAppend } from '@app/platform';
import type { LedgerPlan } from './applicable-limits';
import type { SpendLedgerState } from './ledger-decider';

export interface SpendRequest {
  requestId: string;
  /** The caller's email. */
  actor: string;
  /** The account (COA) the cost is attributed to (with an API key: one of the key owner's). */
  accountId: string;
  /** A request made with an API key: its own ledger (`spend-apikey-<id>`) counts it against its rate limit. */
  apiKey?: { id: string; owner: string; applicationName: string; rateLimit: RateLimit };
  /** Dollars: on reserve the worst case, on settle the actual cost. */
  amount: number;
  at: Date;
  metadata: EventMetadata;
}

/** A request names an account (COA) its caller does not have: bad input, not a limit. */
export class UnknownAccountError extends DomainError {
  constructor(readonly accountId: string) {
    super(chatMessages.unknownAccount(accountId));
  }
}

/** Whose spend a request is and where it goes: what decides the ledgers and limits that count it. */
export type SpendScope = Pick<SpendRequest, 'actor' | 'accountId' | 'apiKey'>;

/** The ledgers a request of `scope` counts on, with their limits, as the configuration is now. */
export interface SpendPlan {
  scope: SpendScope;
  ledgers: readonly LedgerPlan[];
  /** Whether some ledger has a limit: false, nothing can refuse a reservation of this scope. */
  limited: boolean;
  /** Each ledger as it was read with the plan, at its version: what `reserveAtOnce` decides on. */
  ahead?: readonly LedgerAhead[];
}

/** A ledger read ahead of a reservation: its state at a version of its stream. */
export interface LedgerAhead {
  streamId: string;
  version: number;
  state: SpendLedgerState;
}

export interface ReserveOptions {
  /** The plan read ahead (`plan`) for this request's scope: the reservation does not read it again. */
  plan?: SpendPlan;
  /** The caller's own appends, made in the same statement as the ledgers' (one round trip). */
  alongside?: StreamAppend[];
  /** Called once every ledger decided to reserve, before anything is appended. */
  onDecided?: () => void;
}

export interface SettleOptions {
  alongside?: StreamAppend[];
}

/**
 * The spend limits of a chat request: the Chat Rate Limit card (per user), the limits of the
 * caller's Amplify groups (a billing group's spend is the group's, across its members) and the
 * account's. Implemented in this folder; the relay only sees this port.
 */
export interface SpendGuard {
  /**
   * Reserves `amount` against every limit that applies, atomically with the caller's transaction
   * `trx`: concurrent reservations never pass a limit together. Over a limit it throws a DomainError
   * with chatMessages.limitReached(...) naming the first limit that would be passed, and reserves
   * nothing (the `alongside` appends neither).
   */
  reserve(trx: Db, r: SpendRequest, options?: ReserveOptions): Promise<void>;
  /**
   * The same reservation in ONE autocommitted statement on `db` (a pool), decided on the ledgers read
   * with `options.plan` (`ahead`): the statement locks them, checks that what happened on each since
   * cannot change the decision, and appends the reservation with `options.alongside`. Answers false,
   * having appended nothing, whenever that cannot be shown (a ledger moved on too far, a limit that
   * would refuse, no ledgers read ahead): the caller then reserves in a transaction (`reserve`),
   * which decides under the locks. A stream of `alongside` that moved on throws a ConcurrencyError.
   */
  reserveAtOnce?(db: Db, r: SpendRequest, options: ReserveOptions): Promise<boolean>;
  /**
   * The ledgers and limits a request of `scope` would count on; null when its account is not the
   * caller's (a reservation is then refused).
   */
  plan(db: Db, scope: SpendScope): Promise<SpendPlan | null>;
  /**
   * Replaces the reservation of `r.requestId` with the actual cost `r.amount` (0 when nothing was
   * used). `options.alongside`: the caller's own appends, made with the settlement (in its one
   * statement, else in its transaction), even when there is nothing left to settle; a stream of
   * theirs that moved on throws a ConcurrencyError and nothing is appended or settled.
   */
  settle(db: Db, r: SpendRequest, options?: SettleOptions): Promise<void>;
}
