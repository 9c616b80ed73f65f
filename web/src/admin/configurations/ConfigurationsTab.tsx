import { AdminsCard } from './admins-card/AdminsCard';
import { AiEmailDomainCard } from './ai-email-domain-card/AiEmailDomainCard';
import { AmplifyGroupsCard } from './amplify-groups-card/AmplifyGroupsCard';
import { ChatRateLimitCard } from './chat-rate-limit-card/ChatRateLimitCard';
import { ConversationStorageCard } from './conversation-storage-card/ConversationStorageCard';
import { PromptCostAlertCard } from './prompt-cost-alert-card/PromptCostAlertCard';
import { SessionsCard } from './sessions-card/SessionsCard';
import { SupportEmailCard } from './support-email-card/SupportEmailCard';

/**
 * The Configurations tab: the spec's cards, the Amplify Groups table across the whole width, then
 * Sessions (ending a user's sessions, an action of its own outside the spec's cards).
 */
export function ConfigurationsTab() {
  return (
    <div className="cards">
      <AdminsCard />
      <SupportEmailCard />
      <AiEmailDomainCard />
      <ChatRateLimitCard />
      <ConversationStorageCard />
      <PromptCostAlertCard />
      <AmplifyGroupsCard />
      <SessionsCard />
    </div>
  );
}
