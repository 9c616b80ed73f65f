import { UserAppConfigsResponse, userAppConfigsRoute, type UserAppConfigs } from '@app/contracts';
import { relayJson } from './relay';

/**
 * GET /amplifymin/user_app_configs: the configuration users read (the prompt cost alert, the
 * support email, the default conversation storage, the AI email domain).
 */
export async function fetchUserAppConfigs(): Promise<UserAppConfigs> {
  return (await relayJson('getUserAppConfigs', userAppConfigsRoute, UserAppConfigsResponse)).body.data;
}
