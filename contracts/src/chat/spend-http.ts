import { z } from 'zod';
import { RateLimitPeriod } from '../admin/rate-limit';
import { successList } from '../success';

/** GET: the caller's spend limits, each with what was spent in its current window. */
export const spendRoute = '/api/chat/spend';

export const spendLimitKinds = ['user', 'group', 'account'] as const;

export const SpendLimitStatus = z.object({
  kind: z.enum(spendLimitKinds),
  /** chatMessages.userLimitName / groupLimitName(group) / accountLimitName(account). */
  name: z.string().max(1000),
  period: RateLimitPeriod,
  /** Dollars per period; null when Unlimited. */
  rate: z.number().nullable(),
  /** Dollars spent in the current window (open reservations included); Unlimited and Total: ever. */
  spent: z.number(),
  /** ISO time the current window ends; null when it never does. */
  resetsAt: z.string().nullable(),
});
export type SpendLimitStatus = z.infer<typeof SpendLimitStatus>;

/**
 * The caller's limits: theirs (always listed, Unlimited too, so the caller sees their spend), then
 * each of their Amplify groups' and accounts' with a limit other than Unlimited.
 */
export const SpendResponse = successList(SpendLimitStatus);
export type SpendResponse = z.infer<typeof SpendResponse>;

/** The refusals of POST /state/accounts/save beyond the shape of its body. */
export const accountMessages = {
  duplicateId: (id: string) => `accounts: the account '${id}' is listed more than once`,
} as const;
