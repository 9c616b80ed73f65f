import { z } from 'zod';
import {
  normaliseRateLimit,
  RateLimit,
  RateLimitPeriod,
  sameRateLimit,
  unlimitedRateLimit,
} from '../rate-limit';
import { defineValueCard, type EventOf } from './value-card';

/** Chat Rate Limit: the platform-wide limit on chat spending. */
export const ChatRateLimitSection = RateLimit;
export type ChatRateLimitSection = z.infer<typeof ChatRateLimitSection>;

export const chatRateLimitCard = defineValueCard({
  key: 'rateLimit',
  label: 'Chat Rate Limit',
  schema: ChatRateLimitSection,
  initial: unlimitedRateLimit,
  events: [
    z.object({
      type: z.literal('ChatRateLimitChanged'),
      data: z.object({ period: RateLimitPeriod, rate: z.number().nonnegative().nullable() }),
    }),
  ],
  evolve: (_state, event) => normaliseRateLimit(event.data),
  same: sameRateLimit,
});
export type ChatRateLimitEvent = EventOf<typeof chatRateLimitCard>;
/** Read by other features too (the chat's limits and storage). */
export const rateLimitStreamId = chatRateLimitCard.streamId;
