import { normaliseEmail } from '../email';
import type { Account } from './accounts';
import { eventTypesOf } from '../event-types';

/**
 * Spend ledgers: one event stream per scope a limit counts. A user's own spend (the Chat Rate Limit
 * card and every non-billing group's limit count it), a billing group's spend across its members,
 * and an account's spend (per user: accounts are the user's own).
 */
export const spendStreamIds = {
  user: (email: string) => `spend-user-${normaliseEmail(email)}`,
  group: (groupName: string) => `spend-group-${groupName}`,
  account: (email: string, accountId: string) => `spend-account-${normaliseEmail(email)}-${accountId}`,
  /** An API key's rate limit: the spend of every request made with the key. */
  apiKey: (apiKeyId: string) => `spend-apikey-${apiKeyId}`,
} as const;

export const spendStreamPrefix = 'spend-';

export interface SpendReservedData {
  requestId: string;
  /** Dollars held against the limits until the request is settled (the worst case). */
  amount: number;
  /** ISO time of the reservation: the windows its spend counts in. */
  at: string;
  /** On the user's ledger only: the other ledgers this reservation was also made on, to settle them too. */
  ledgers?: string[];
}

export interface SpendSettledData {
  requestId: string;
  /** Dollars that were reserved for the request (0 when it was settled without a reservation). */
  reserved: number;
  /** Dollars actually spent: they replace `reserved`. */
  amount: number;
  /** ISO time the spend counts at: the reservation's (or the settle's, without a reservation). */
  at: string;
}

export type SpendEvent =
  { type: 'SpendReserved'; data: SpendReservedData } | { type: 'SpendSettled'; data: SpendSettledData };

export const spendEventTypes = eventTypesOf<SpendEvent>({
  SpendReserved: true,
  SpendSettled: true,
});

/** The granularities a ledger keeps its current window of (UTC), beside the total. */
export const spendGranularities = ['Hourly', 'Daily', 'Monthly'] as const;

/** A user's accounts (COA) are a small stream of their own; every save records the whole list. */
export const accountsStreamId = (email: string) => `accounts-${normaliseEmail(email)}`;

export type AccountsEvent = {
  type: 'AccountsSaved';
  /** `email`: whose accounts; `accounts`: the whole list, the default account first. */
  data: { email: string; accounts: Account[] };
};

export const accountsEventTypes = eventTypesOf<AccountsEvent>({ AccountsSaved: true });
