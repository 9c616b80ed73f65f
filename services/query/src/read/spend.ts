import {
  chatMessages,
  normaliseEmail,
  spendStreamIds,
  spendWindow,
  type RateLimit,
  type SpendLimitStatus,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { readGroupsOf } from './amplify-groups';
import { readConfigValue } from './config-values';

type Counted = Omit<SpendLimitStatus, 'spent'> & { scope: string; windowKey: string };

const roundSpend = (n: number): number => Math.round(n * 1e9) / 1e9;

/** A limit on requests: whose (kind and name), its rate and period, and the spend ledger it counts. */
interface Limit {
  kind: SpendLimitStatus['kind'];
  name: string;
  limit: RateLimit;
  scope: string;
}

const counted = ({ kind, name, limit, scope }: Limit, now: Date): Counted => {
  const { key, resetsAt } = spendWindow(limit.period, now);
  return {
    kind,
    name,
    period: limit.period,
    rate: limit.rate,
    resetsAt: resetsAt ? resetsAt.toISOString() : null,
    scope,
    windowKey: key,
  };
};

const isLimited = (limit: RateLimit) => limit.period !== 'Unlimited' && limit.rate !== null;

/** The limits that apply to `email`'s requests, as the read models hold them, with the ledger each counts. */
const limitsOf = async (db: Db, email: string, now: Date): Promise<Counted[]> => {
  const userScope = spendStreamIds.user(email);
  const [userLimit, groupNames, accounts] = await Promise.all([
    readConfigValue(db, 'rateLimit'),
    readGroupsOf(db, email),
    db
      .selectFrom('rm_spend_accounts')
      .select(['account_id', 'name', 'rate_limit'])
      .where('email', '=', normaliseEmail(email))
      .orderBy('position')
      .execute(),
  ]);
  const groups =
    groupNames.length === 0
      ? []
      : await db
          .selectFrom('rm_amplify_groups')
          .select(['group_name', 'is_billing_group', 'rate_limit'])
          .where('group_name', 'in', groupNames)
          .orderBy('group_name')
          .execute();
  const limited: Limit[] = [
    ...groups.map((g): Limit => ({
      kind: 'group',
      name: chatMessages.groupLimitName(g.group_name),
      limit: g.rate_limit as RateLimit,
      scope: g.is_billing_group ? spendStreamIds.group(g.group_name) : userScope,
    })),
    ...accounts.map((a): Limit => ({
      kind: 'account',
      name: chatMessages.accountLimitName(a.name),
      limit: a.rate_limit as RateLimit,
      scope: spendStreamIds.account(email, a.account_id),
    })),
  ];
  return [
    counted({ kind: 'user', name: chatMessages.userLimitName, limit: userLimit, scope: userScope }, now),
    ...limited.filter((l) => isLimited(l.limit)).map((l) => counted(l, now)),
  ];
};

/**
 * The caller's limits with what was spent in each one's current window (open reservations
 * included): theirs always (Unlimited: what they spent ever), then their groups' and accounts'
 * limits other than Unlimited. A billing group counts the spend of all its members.
 */
export const readSpendLimits = async (db: Db, email: string, now: Date): Promise<SpendLimitStatus[]> => {
  const limits = await limitsOf(db, email, now);
  const rows = await db
    .selectFrom('rm_spend_totals')
    .select(['scope', 'window_key', 'settled', 'reserved'])
    .where('scope', 'in', [...new Set(limits.map((l) => l.scope))])
    .where('window_key', 'in', [...new Set(limits.map((l) => l.windowKey))])
    .execute();
  const spentIn = (scope: string, windowKey: string) => {
    const row = rows.find((r) => r.scope === scope && r.window_key === windowKey);
    return row ? roundSpend(row.settled + row.reserved) : 0;
  };
  return limits.map(({ scope, windowKey, ...status }) => ({ ...status, spent: spentIn(scope, windowKey) }));
};
