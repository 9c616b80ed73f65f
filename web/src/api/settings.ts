import {
  UserSettingsResponse,
  userSettingsRoutes,
  UserSettingsSaveResponse,
  type UserSettingsSaveRequest,
} from '@app/contracts';
import { relayJson } from './relay';

export type EffectiveUserSettings = UserSettingsResponse['data'];

const waitForQuery = (waitFor?: string): string =>
  waitFor === undefined ? '' : `?${new URLSearchParams({ waitFor }).toString()}`;

/** GET /api/settings: the user's stored settings and the conversation storage that applies. */
export async function fetchUserSettings(waitFor?: string): Promise<EffectiveUserSettings> {
  const path = `${userSettingsRoutes.get}${waitForQuery(waitFor)}`;
  return (await relayJson('getSettings', path, UserSettingsResponse)).body.data;
}

/** POST /api/settings/save: only the settings changed (the rest keep their values); answers its position. */
export async function saveUserSettings(changes: UserSettingsSaveRequest): Promise<string> {
  return (
    await relayJson('saveSettings', userSettingsRoutes.save, UserSettingsSaveResponse, {
      method: 'POST',
      body: changes,
    })
  ).body.position;
}
