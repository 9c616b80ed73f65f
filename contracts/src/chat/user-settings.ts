import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { limits } from '../limits';
import { ConversationStorageChoice } from './conversations';
import { successBody } from '../success';

/** The user's stored settings: theme, featureOptions, hiddenModelIds. */
export const userSettingsRoutes = { get: '/api/settings', save: '/api/settings/save' } as const;

/** `system`: the theme follows the device's (its light or dark colour scheme), as it changes. */
export const themes = ['system', 'light', 'dark'] as const;

/** The theme a page is shown in: the user's choice, or the device's while they keep `system`. */
export type ShownTheme = Exclude<(typeof themes)[number], 'system'>;

export const UserSettings = z.object({
  theme: z.enum(themes).default('system'),
  hiddenModelIds: boundedList(z.string().max(200), 'Hidden models', 1000).default([]),
  featureOptions: z.record(z.string().max(100), z.boolean()).default({}),
  /** The user's own choice; null: the admin's Default User Conversation Storage applies. */
  conversationStorage: ConversationStorageChoice.nullable().default(null),
});
export type UserSettings = z.infer<typeof UserSettings>;

export const UserSettingsResponse = successBody({
  data: UserSettings.extend({
    /** The storage new conversations use: the user's choice, else the admin's default. */
    effectiveConversationStorage: ConversationStorageChoice,
  }),
});
export type UserSettingsResponse = z.infer<typeof UserSettingsResponse>;

/** POST userSettingsRoutes.save: only the fields to change (a field left out keeps its value). */
export const UserSettingsSaveRequest = z.strictObject({
  theme: UserSettings.shape.theme.unwrap().optional(),
  hiddenModelIds: UserSettings.shape.hiddenModelIds.unwrap().optional(),
  featureOptions: UserSettings.shape.featureOptions.unwrap().optional(),
  conversationStorage: UserSettings.shape.conversationStorage.unwrap().optional(),
});
export type UserSettingsSaveRequest = z.infer<typeof UserSettingsSaveRequest>;

/** The save's answer: `position` for `?waitFor=` ('0' when nothing changed). */
export const UserSettingsSaveResponse = successBody({
  position: boundedString('The position', limits.positionLength),
});
export type UserSettingsSaveResponse = z.infer<typeof UserSettingsSaveResponse>;

export const userSettingsStreamId = (email: string) => `user-settings-${email}`;

export type UserSettingsEvent = { type: 'UserSettingsChanged'; data: Partial<UserSettings> };

/** Where a user's new conversations are kept: their own choice, else the admin's default. */
export const effectiveStorageOf = (
  own: UserSettings['conversationStorage'],
  adminDefault: z.infer<typeof ConversationStorageChoice>,
): z.infer<typeof ConversationStorageChoice> => own ?? adminDefault;
