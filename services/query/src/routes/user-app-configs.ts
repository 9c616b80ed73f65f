import { UserAppConfigsResponse, userAppConfigsRoute } from '@app/contracts';
import { readConfigValue } from '../read/config-values';
import { readRoute } from './read-route';

/**
 * GET /amplifymin/user_app_configs: the configuration every signed-in user may read (the Prompt
 * Cost Alert, the Support Email, the default conversation storage, the AI email domain), each its
 * default until an admin saved it. Takes `?waitFor=`.
 */
export const userAppConfigsRouteFor = readRoute({
  url: userAppConfigsRoute,
  who: 'user',
  description:
    'The configuration users read: the prompt cost alert, the support email, the default conversation storage and the AI email domain.',
  answer: UserAppConfigsResponse,
  handle: async (_request, { db }) => {
    const [promtCostAlert, emailSupport, defaultConversationStorage, aiEmailDomain] = await Promise.all([
      readConfigValue(db, 'promtCostAlert'),
      readConfigValue(db, 'emailSupport'),
      readConfigValue(db, 'defaultConversationStorage'),
      readConfigValue(db, 'aiEmailDomain'),
    ]);
    const answer: UserAppConfigsResponse = {
      success: true,
      data: { promtCostAlert, emailSupport, defaultConversationStorage, aiEmailDomain },
    };
    return answer;
  },
});
