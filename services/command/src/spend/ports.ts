import type { EventMetadata, RateLimit } from '@app/contracts';
import type { Db } from '@app/platform';

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
   * nothing.
   */
  reserve(trx: Db, r: SpendRequest): Promise<void>;
  /** Replaces the reservation of `r.requestId` with the actual cost `r.amount` (0 when nothing was used). */
  settle(db: Db, r: SpendRequest): Promise<void>;
}
