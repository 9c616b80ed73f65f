import {
  chatRateLimitCard,
  normaliseRateLimit,
  sameRateLimit,
  type ChatRateLimitSection,
} from '@app/contracts';
import { valueCardDecider } from './value-card-decider';

export type ChatRateLimitCommand = { type: 'UpdateChatRateLimit'; data: ChatRateLimitSection };

/**
 * Chat Rate Limit: the schema already refused negative, non-numeric and over-long rates; an
 * Unlimited limit is kept with rate null, whether 0 or null was sent.
 */
export const chatRateLimitDecider = valueCardDecider(chatRateLimitCard, {
  snapshot: 'rateLimit/2',
  command: (data): ChatRateLimitCommand => ({ type: 'UpdateChatRateLimit', data }),
  decide: (command, state) => {
    const next = normaliseRateLimit(command.data);
    return sameRateLimit(state, next) ? [] : [{ type: 'ChatRateLimitChanged', data: next }];
  },
});
