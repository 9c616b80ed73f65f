import type {
  AiEmailDomainEvent,
  AiEmailDomainSection,
  ChatRateLimitEvent,
  ChatRateLimitSection,
  ConversationStorageEvent,
  ConversationStorageSection,
  PromptCostAlertEvent,
  PromptCostAlertSection,
  SupportEmailEvent,
  SupportEmailSection,
} from './config-values';
import { normaliseRateLimit } from './rate-limit';

/**
 * How each event changes its section's value: shared by the deciders (command side) and the
 * projections (query side), so both fold the log the same way.
 */
const unexpected = (x: never): never => {
  throw new Error(`Unexpected event: ${JSON.stringify(x)}`);
};

export const evolveSupportEmail = (
  state: SupportEmailSection,
  event: SupportEmailEvent,
): SupportEmailSection => {
  switch (event.type) {
    case 'SupportEmailActivated':
      return { ...state, isActive: true };
    case 'SupportEmailDeactivated':
      return { ...state, isActive: false };
    case 'SupportEmailAddressChanged':
      return { ...state, email: event.data.email };
    default:
      return unexpected(event);
  }
};

export const evolveAiEmailDomain = (
  _state: AiEmailDomainSection,
  event: AiEmailDomainEvent,
): AiEmailDomainSection => event.data.domain;

export const evolveChatRateLimit = (
  _state: ChatRateLimitSection,
  event: ChatRateLimitEvent,
): ChatRateLimitSection => normaliseRateLimit(event.data);

export const evolveConversationStorage = (
  _state: ConversationStorageSection,
  event: ConversationStorageEvent,
): ConversationStorageSection => event.data.storage;

export const evolvePromptCostAlert = (
  state: PromptCostAlertSection,
  event: PromptCostAlertEvent,
): PromptCostAlertSection => {
  switch (event.type) {
    case 'PromptCostAlertActivated':
      return { ...state, isActive: true };
    case 'PromptCostAlertDeactivated':
      return { ...state, isActive: false };
    case 'PromptCostAlertMessageChanged':
      return { ...state, alertMessage: event.data.alertMessage };
    case 'PromptCostAlertCostChanged':
      return { ...state, cost: event.data.cost };
    default:
      return unexpected(event);
  }
};
