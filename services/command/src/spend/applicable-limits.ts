import {
  apiKeyMessages,
  chatMessages,
  groupsOf,
  ownValue,
  spendStreamIds,
  type Account,
  type AmplifyGroup,
  type NameMap,
  type RateLimit,
} from '@app/contracts';
import type { SpendLimit } from './ledger-decider';

/** One ledger a request's spend goes to, with the limits that count it. */
export interface LedgerPlan {
  streamId: string;
  limits: SpendLimit[];
}

const isLimited = (limit: RateLimit): boolean => limit.period !== 'Unlimited' && limit.rate !== null;

const limitOf = (name: string, limit: RateLimit): SpendLimit => ({
  name,
  period: limit.period,
  rate: limit.rate,
});

/**
 * The ledgers of a request of `email` on `account`, the user's own first (always, so their spend is
 * recorded even without a limit). It counts against the Chat Rate Limit card and every non-billing
 * group of theirs with a limit; a billing group with a limit has a ledger of its own (its members'
 * spend together), and so does the account when it has a limit. Groups in name order.
 */
export const planLedgers = (input: {
  email: string;
  userLimit: RateLimit;
  groups: Readonly<NameMap<AmplifyGroup>>;
  account: Account | undefined;
  /** Whose account it is: the API key's owner for a request made with a key (default: `email`). */
  accountOwner?: string;
  /** The API key the request is made with: a ledger of its own, limited by its rate limit. */
  apiKey?: { id: string; applicationName: string; rateLimit: RateLimit };
}): LedgerPlan[] => {
  const user: LedgerPlan = { streamId: spendStreamIds.user(input.email), limits: [] };
  if (isLimited(input.userLimit)) user.limits.push(limitOf(chatMessages.userLimitName, input.userLimit));
  const others: LedgerPlan[] = [];
  for (const name of groupsOf(input.groups, input.email)) {
    const group = ownValue(input.groups, name);
    if (!group || !isLimited(group.rateLimit)) continue;
    const limit = limitOf(chatMessages.groupLimitName(name), group.rateLimit);
    if (group.isBillingGroup) others.push({ streamId: spendStreamIds.group(name), limits: [limit] });
    else user.limits.push(limit);
  }
  const account = input.account;
  if (account && isLimited(account.rateLimit)) {
    others.push({
      streamId: spendStreamIds.account(input.accountOwner ?? input.email, account.id),
      limits: [limitOf(chatMessages.accountLimitName(account.name), account.rateLimit)],
    });
  }
  const key = input.apiKey;
  if (key) {
    const limits = isLimited(key.rateLimit)
      ? [limitOf(apiKeyMessages.limitName(key.applicationName), key.rateLimit)]
      : [];
    others.push({ streamId: spendStreamIds.apiKey(key.id), limits });
  }
  return [user, ...others];
};
