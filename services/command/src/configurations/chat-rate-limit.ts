import {
  ChatRateLimitEventContract,
  configValueDefaults,
  evolveChatRateLimit,
  normaliseRateLimit,
  sameRateLimit,
  type ChatRateLimitEvent,
  type ChatRateLimitSection,
} from '@app/contracts';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

export type ChatRateLimitCommand = { type: 'UpdateChatRateLimit'; data: ChatRateLimitSection };

/**
 * Chat Rate Limit: the schema already refused negative, non-numeric and over-long rates; an
 * Unlimited limit is kept with rate null, whether 0 or null was sent.
 */
export const chatRateLimitDecider: Decider<ChatRateLimitSection, ChatRateLimitCommand, ChatRateLimitEvent> = {
  initialState: configValueDefaults.rateLimit,

  decide: (command, state) => {
    switch (command.type) {
      case 'UpdateChatRateLimit': {
        const next = normaliseRateLimit(command.data);
        return sameRateLimit(state, next) ? [] : [{ type: 'ChatRateLimitChanged', data: next }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve: evolveChatRateLimit,
  // The projection's contract: a stored event that does not fit is left out of the fold.
  contract: ChatRateLimitEventContract,
  snapshot: plainSnapshot(
    'rateLimit/2',
    (j) =>
      isPlainObject(j) &&
      typeof j['period'] === 'string' &&
      (j['rate'] === null || typeof j['rate'] === 'number'),
  ),
};
