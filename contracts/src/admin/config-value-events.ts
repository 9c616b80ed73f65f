import { z } from 'zod';
import {
  ConversationStorageSection,
  type AiEmailDomainEvent,
  type ChatRateLimitEvent,
  type ConversationStorageEvent,
  type PromptCostAlertEvent,
  type SupportEmailEvent,
} from './config-values';
import { RateLimitPeriod } from './rate-limit';

/**
 * The shapes of the single-value cards' events as the log holds them: what a projection checks
 * before folding one (an event that does not fit is set aside). Shapes only: the rules on values are
 * the deciders', when the command is taken.
 */
const noData = z.record(z.string(), z.never());

export const SupportEmailEventContract = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SupportEmailActivated'), data: noData }),
  z.object({ type: z.literal('SupportEmailDeactivated'), data: noData }),
  z.object({ type: z.literal('SupportEmailAddressChanged'), data: z.object({ email: z.string() }) }),
]) satisfies z.ZodType<SupportEmailEvent>;

export const AiEmailDomainEventContract = z.object({
  type: z.literal('AiEmailDomainChanged'),
  data: z.object({ domain: z.string() }),
}) satisfies z.ZodType<AiEmailDomainEvent>;

export const ChatRateLimitEventContract = z.object({
  type: z.literal('ChatRateLimitChanged'),
  data: z.object({ period: RateLimitPeriod, rate: z.number().nonnegative().nullable() }),
}) satisfies z.ZodType<ChatRateLimitEvent>;

export const ConversationStorageEventContract = z.object({
  type: z.literal('ConversationStorageDefaultChanged'),
  data: z.object({ storage: ConversationStorageSection }),
}) satisfies z.ZodType<ConversationStorageEvent>;

export const PromptCostAlertEventContract = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PromptCostAlertActivated'), data: noData }),
  z.object({ type: z.literal('PromptCostAlertDeactivated'), data: noData }),
  z.object({
    type: z.literal('PromptCostAlertMessageChanged'),
    data: z.object({ alertMessage: z.string() }),
  }),
  z.object({
    type: z.literal('PromptCostAlertCostChanged'),
    data: z.object({ cost: z.number().nonnegative() }),
  }),
]) satisfies z.ZodType<PromptCostAlertEvent>;
