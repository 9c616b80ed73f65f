import { UserSettings, type UserSettingsEvent, type UserSettingsSaveRequest } from '@app/contracts';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

export type UserSettingsCommand = { type: 'SaveUserSettings'; data: UserSettingsSaveRequest };

type Field = keyof UserSettings;
const fields = Object.keys(UserSettings.shape) as Field[];

/** Two values of a setting are the same: lists in order, records whatever their keys' order. */
const sameValue = (a: unknown, b: unknown): boolean => {
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameValue(a[k], b[k]));
  }
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  return a === b;
};

/** The fields of `wanted` whose value differs from `state`'s. */
export const changedSettings = (
  state: UserSettings,
  wanted: UserSettingsSaveRequest,
): Partial<UserSettings> => {
  const changed: Record<string, unknown> = {};
  for (const field of fields) {
    const value = wanted[field];
    if (value !== undefined && !sameValue(value, state[field])) changed[field] = value;
  }
  return changed;
};

/**
 * A user's stored settings (stream `userSettingsStreamId(email)`): a save records only the fields it
 * changes, and nothing when it changes none. The defaults (the device's theme, nothing hidden, no feature
 * options, the admin's conversation storage) hold until the user sets a field.
 */
export const userSettingsDecider: Decider<UserSettings, UserSettingsCommand, UserSettingsEvent> = {
  initialState: () => UserSettings.parse({}),

  decide: (command, state) => {
    switch (command.type) {
      case 'SaveUserSettings': {
        const changed = changedSettings(state, command.data);
        return Object.keys(changed).length === 0 ? [] : [{ type: 'UserSettingsChanged', data: changed }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'UserSettingsChanged':
        return { ...state, ...event.data };
      default:
        return assertNever(event.type);
    }
  },

  // 2: the device's theme became the default (a snapshot of 1 holds the light theme, then the default).
  snapshot: plainSnapshot('userSettings/2', (j) => isPlainObject(j) && 'theme' in j),
};
