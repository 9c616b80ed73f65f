import { UserSettingsResponse, userSettingsRoutes } from '@app/contracts';
import { effectiveConversationStorage, readUserSettings } from '../read/user-settings';
import { readRoute } from './read-route';

/**
 * GET /api/settings: the caller's stored settings (defaults for what they never set) and the
 * conversation storage their new conversations use (theirs, else the admin's default). Takes `?waitFor=`.
 */
export const userSettingsRoute = readRoute({
  url: userSettingsRoutes.get,
  who: 'user',
  description:
    "The caller's settings, and the conversation storage new conversations use (theirs, else the admin's default).",
  answer: UserSettingsResponse,
  handle: async ({ principal }, { db }) => {
    const settings = await readUserSettings(db, principal);
    const answer: UserSettingsResponse = {
      success: true,
      data: { ...settings, effectiveConversationStorage: await effectiveConversationStorage(db, settings) },
    };
    return answer;
  },
});
