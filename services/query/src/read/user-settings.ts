import { effectiveStorageOf, UserSettings, type ConversationStorageSection } from '@app/contracts';
import type { Db } from '@app/platform';
import { readConfigValue } from './config-values';

/** The settings of `email`: what they stored over the defaults (the defaults when nothing fits). */
export const readUserSettings = async (db: Db, email: string): Promise<UserSettings> => {
  const row = await db
    .selectFrom('rm_user_settings')
    .select('settings')
    .where('email', '=', email)
    .executeTakeFirst();
  const stored = UserSettings.safeParse(row?.settings ?? {});
  return stored.success ? stored.data : UserSettings.parse({});
};

/** The storage new conversations of a user use: their own choice, else the admin's default. */
export const effectiveConversationStorage = async (
  db: Db,
  settings: UserSettings,
): Promise<ConversationStorageSection> =>
  effectiveStorageOf(settings.conversationStorage, await readConfigValue(db, 'defaultConversationStorage'));
