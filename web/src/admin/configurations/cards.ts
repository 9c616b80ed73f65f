import type { ComponentType } from 'react';
import type { SectionsOfTab } from '../../state/section-list';
import { AdminsCard } from './admins-card/AdminsCard';
import { AiEmailDomainCard } from './ai-email-domain-card/AiEmailDomainCard';
import { AmplifyGroupsCard } from './amplify-groups-card/AmplifyGroupsCard';
import { ChatRateLimitCard } from './chat-rate-limit-card/ChatRateLimitCard';
import { ConversationStorageCard } from './conversation-storage-card/ConversationStorageCard';
import { PromptCostAlertCard } from './prompt-cost-alert-card/PromptCostAlertCard';
import { SupportEmailCard } from './support-email-card/SupportEmailCard';

/**
 * The card of each section whose `tab` is the Configurations tab (`state/section-list.ts`): a
 * section placed there without a card here fails the typecheck.
 */
export const configurationCards: { [K in SectionsOfTab<'configurations'>]: ComponentType } = {
  admins: AdminsCard,
  emailSupport: SupportEmailCard,
  aiEmailDomain: AiEmailDomainCard,
  rateLimit: ChatRateLimitCard,
  defaultConversationStorage: ConversationStorageCard,
  promtCostAlert: PromptCostAlertCard,
  amplifyGroups: AmplifyGroupsCard,
};
