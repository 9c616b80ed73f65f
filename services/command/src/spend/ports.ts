import { chatMessages, type EventMetadata, type RateLimit } from '@app/contracts';
import { DomainError, type Db, type StreamAppend } from '@app/platform';
import type { LedgerPlan } from './applicable-limits';

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
}

export interface ReserveOptions {
  /** The plan read ahead (`plan`) for this request's scope: the reservation does not read it again. */
  plan?: SpendPlan;
  /** The caller's own appends, made in the same statement as the ledgers' (one round trip). */
  alongside?: StreamAppend[];
  /** Called once every ledger decided to reserve, before anything is appended. */
  onDecided?: () => void;
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
   * The ledgers and limits a request of `scope` would count on; null when its account is not the
   * caller's (a reservation is then refused).
   */
  plan(db: Db, scope: SpendScope): Promise<SpendPlan | null>;
  /** Replaces the reservation of `r.requestId` with the actual cost `r.amount` (0 when nothing was used). */
  settle(db: Db, r: SpendRequest): Promise<void>;
}
