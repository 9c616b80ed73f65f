import { z } from 'zod';
import {
  AiEmailDomainSection,
  ConversationStorageSection,
  PromptCostAlertSection,
  SupportEmailSection,
} from '../admin/config-values';
import { successData } from '../success';

/**
 * GET /amplifymin/user_app_configs: the part of the admin's configuration
 * every signed-in user may read — the Prompt Cost Alert, the Support Email, the default conversation
 * storage and the AI email domain. Nothing secret nor admin-only.
 */
export const userAppConfigsRoute = '/amplifymin/user_app_configs';

export const UserAppConfigs = z.object({
  /** The key spelled as the clients read it. */
  promtCostAlert: PromptCostAlertSection,
  emailSupport: SupportEmailSection,
  defaultConversationStorage: ConversationStorageSection,
  aiEmailDomain: AiEmailDomainSection,
});
export type UserAppConfigs = z.infer<typeof UserAppConfigs>;

export const UserAppConfigsResponse = successData(UserAppConfigs);
export type UserAppConfigsResponse = z.infer<typeof UserAppConfigsResponse>;
