import { z } from 'zod';
import { boundedString } from '../bounded';
import { limits } from '../limits';
import { isWholeCents, RateLimit, unlimitedRateLimit } from './rate-limit';

/**
 * The single-value cards of the Configurations tab: Support Email, AI Email Domain, Chat Rate
 * Limit, Default User Conversation Storage and Prompt Cost Alert. Each is a section of its own, on
 * its own stream `config-<sectionType>`, named by the admin configuration key it stores.
 */
export const emailSupportStreamId = 'config-emailSupport';
export const aiEmailDomainStreamId = 'config-aiEmailDomain';
export const rateLimitStreamId = 'config-rateLimit';
export const defaultConversationStorageStreamId = 'config-defaultConversationStorage';
export const promtCostAlertStreamId = 'config-promtCostAlert';

/** Support Email: `email` may be empty while inactive; it is trimmed and lower-cased when saved. */
export const SupportEmailSection = z.object({
  isActive: z.boolean(),
  email: boundedString('The support email', limits.emailLength),
});
export type SupportEmailSection = z.infer<typeof SupportEmailSection>;

/**
 * AI Email Domain: a domain such as 'example.com' (trimmed, lower-cased, a leading '@' dropped when
 * saved), or '' for none. The card shows only while the assistantEmailEvents flag is on.
 */
export const AiEmailDomainSection = boundedString('The AI email domain', limits.domainLength);
export type AiEmailDomainSection = z.infer<typeof AiEmailDomainSection>;
/** The flag that shows the AI Email Domain card. */
export const aiEmailDomainFlag = 'assistantEmailEvents';

/** Chat Rate Limit: the platform-wide limit on chat spending. */
export const ChatRateLimitSection = RateLimit;
export type ChatRateLimitSection = z.infer<typeof ChatRateLimitSection>;

export const conversationStorageOptions = ['future-local', 'future-cloud'] as const;
export const ConversationStorageSection = z.enum(conversationStorageOptions);
export type ConversationStorageSection = z.infer<typeof ConversationStorageSection>;
/** The radio labels of the card. */
export const conversationStorageLabels: Record<ConversationStorageSection, string> = {
  'future-local': 'Local',
  'future-cloud': 'Cloud',
};

/** The placeholders the alert message supports, written `<totalCost>` and `<prompts>` in it. */
export const promptCostAlertPlaceholders = ['totalCost', 'prompts'] as const;

/** Prompt Cost Alert: `cost` in dollars, minimum 0, step 0.01. */
export const PromptCostAlertSection = z.object({
  isActive: z.boolean(),
  alertMessage: boundedString('The prompt cost alert message', limits.alertMessageLength),
  cost: z.number().nonnegative('must not be negative').refine(isWholeCents, 'must use steps of 0.01'),
});
export type PromptCostAlertSection = z.infer<typeof PromptCostAlertSection>;

/** The alert as a user sees it: each placeholder replaced by its value. */
export const fillPromptCostAlert = (
  message: string,
  values: { totalCost: string | number; prompts: string | number },
): string =>
  message.replaceAll('<totalCost>', String(values.totalCost)).replaceAll('<prompts>', String(values.prompts));

/** The defaults, read before anything was saved. */
export const configValueDefaults = {
  emailSupport: (): SupportEmailSection => ({ isActive: false, email: '' }),
  aiEmailDomain: (): AiEmailDomainSection => '',
  rateLimit: (): ChatRateLimitSection => unlimitedRateLimit(),
  defaultConversationStorage: (): ConversationStorageSection => 'future-local',
  promtCostAlert: (): PromptCostAlertSection => ({ isActive: false, alertMessage: '', cost: 0 }),
} as const;

export type SupportEmailEvent =
  | { type: 'SupportEmailActivated'; data: Record<string, never> }
  | { type: 'SupportEmailDeactivated'; data: Record<string, never> }
  | { type: 'SupportEmailAddressChanged'; data: { email: string } };
export const supportEmailEventTypes = [
  'SupportEmailActivated',
  'SupportEmailDeactivated',
  'SupportEmailAddressChanged',
] as const satisfies readonly SupportEmailEvent['type'][];

export type AiEmailDomainEvent = { type: 'AiEmailDomainChanged'; data: { domain: string } };
export const aiEmailDomainEventTypes = [
  'AiEmailDomainChanged',
] as const satisfies readonly AiEmailDomainEvent['type'][];

export type ChatRateLimitEvent = { type: 'ChatRateLimitChanged'; data: RateLimit };
export const chatRateLimitEventTypes = [
  'ChatRateLimitChanged',
] as const satisfies readonly ChatRateLimitEvent['type'][];

export type ConversationStorageEvent = {
  type: 'ConversationStorageDefaultChanged';
  data: { storage: ConversationStorageSection };
};
export const conversationStorageEventTypes = [
  'ConversationStorageDefaultChanged',
] as const satisfies readonly ConversationStorageEvent['type'][];

export type PromptCostAlertEvent =
  | { type: 'PromptCostAlertActivated'; data: Record<string, never> }
  | { type: 'PromptCostAlertDeactivated'; data: Record<string, never> }
  | { type: 'PromptCostAlertMessageChanged'; data: { alertMessage: string } }
  | { type: 'PromptCostAlertCostChanged'; data: { cost: number } };
export const promptCostAlertEventTypes = [
  'PromptCostAlertActivated',
  'PromptCostAlertDeactivated',
  'PromptCostAlertMessageChanged',
  'PromptCostAlertCostChanged',
] as const satisfies readonly PromptCostAlertEvent['type'][];
