import {
  aiEmailDomainStreamId,
  amplifyGroupsStreamId,
  defaultConversationStorageStreamId,
  emailSupportStreamId,
  promtCostAlertStreamId,
  rateLimitStreamId,
  type EventMetadata,
  type SectionData,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { aiEmailDomainDecider } from './ai-email-domain';
import { amplifyGroupsDecider } from './amplify-groups';
import { chatRateLimitDecider } from './chat-rate-limit';
import { conversationStorageDecider } from './conversation-storage';
import { promptCostAlertDecider } from './prompt-cost-alert';
import { supportEmailDecider } from './support-email';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';

type Options = { metadata: EventMetadata; expectedVersion?: number };
type Cards =
  | 'emailSupport'
  | 'aiEmailDomain'
  | 'rateLimit'
  | 'defaultConversationStorage'
  | 'promtCostAlert'
  | 'amplifyGroups';

/**
 * The Configurations tab's cards besides Admins, each its own command on its own stream. A new
 * Amplify group's `createdBy` is the actor of the command (the signed-in admin), never sent data.
 */
export const configurationCardHandlers: {
  [K in Cards]: (db: Db, data: SectionData[K], o: Options) => Promise<CommandOutcome>;
} = {
  emailSupport: (db, data, o) =>
    handleCommand(db, supportEmailDecider, emailSupportStreamId, { type: 'UpdateSupportEmail', data }, o),
  aiEmailDomain: (db, domain, o) =>
    handleCommand(
      db,
      aiEmailDomainDecider,
      aiEmailDomainStreamId,
      { type: 'UpdateAiEmailDomain', data: { domain } },
      o,
    ),
  rateLimit: (db, data, o) =>
    handleCommand(db, chatRateLimitDecider, rateLimitStreamId, { type: 'UpdateChatRateLimit', data }, o),
  defaultConversationStorage: (db, storage, o) =>
    handleCommand(
      db,
      conversationStorageDecider,
      defaultConversationStorageStreamId,
      { type: 'UpdateDefaultConversationStorage', data: { storage } },
      o,
    ),
  promtCostAlert: (db, data, o) =>
    handleCommand(
      db,
      promptCostAlertDecider,
      promtCostAlertStreamId,
      { type: 'UpdatePromptCostAlert', data },
      o,
    ),
  amplifyGroups: (db, groups, o) =>
    handleCommand(
      db,
      amplifyGroupsDecider,
      amplifyGroupsStreamId,
      { type: 'UpdateAmplifyGroups', data: { groups, actor: o.metadata.actor.email } },
      o,
    ),
};
