import { describe, expect, it } from 'vitest';
import type { UserSettingsEvent } from '@app/contracts';
import { userSettingsDecider } from '../../src/user-settings/user-settings-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(userSettingsDecider);
const changed = (data: UserSettingsEvent['data']): UserSettingsEvent => ({
  type: 'UserSettingsChanged',
  data,
});
const save = (data: Parameters<typeof userSettingsDecider.decide>[0]['data']) => ({
  type: 'SaveUserSettings' as const,
  data,
});

describe('user settings decider', () => {
  it("the defaults: the device's theme, nothing hidden, no feature options, the admin's storage", () => {
    expect(userSettingsDecider.initialState()).toEqual({
      theme: 'system',
      hiddenModelIds: [],
      featureOptions: {},
      conversationStorage: null,
    });
  });

  it('given nothing saved, when the theme is set to dark, then only the theme changed', () => {
    given([])
      .when(save({ theme: 'dark' }))
      .then([changed({ theme: 'dark' })]);
  });

  it('given nothing saved, when the defaults are saved, then nothing', () => {
    given([])
      .when(save({ theme: 'system', hiddenModelIds: [], featureOptions: {}, conversationStorage: null }))
      .then([]);
  });

  it("given a theme chosen, when the device's theme is chosen again, then that is recorded", () => {
    given([changed({ theme: 'light' })])
      .when(save({ theme: 'system' }))
      .then([changed({ theme: 'system' })]);
  });

  it('when several fields are sent, then only those that changed are recorded', () => {
    given([changed({ theme: 'dark', hiddenModelIds: ['gpt-4o'] })])
      .when(save({ theme: 'dark', hiddenModelIds: ['gpt-4o', 'o3'], conversationStorage: 'future-cloud' }))
      .then([changed({ hiddenModelIds: ['gpt-4o', 'o3'], conversationStorage: 'future-cloud' })]);
  });

  it('feature options are the same whatever the order of their keys', () => {
    given([changed({ featureOptions: { a: true, b: false } })])
      .when(save({ featureOptions: { b: false, a: true } }))
      .then([]);
    given([changed({ featureOptions: { a: true, b: false } })])
      .when(save({ featureOptions: { a: true } }))
      .then([changed({ featureOptions: { a: true } })]);
  });

  it("given a storage of their own, when set back to null, then the admin's default applies again", () => {
    given([changed({ conversationStorage: 'future-cloud' })])
      .when(save({ conversationStorage: null }))
      .then([changed({ conversationStorage: null })]);
  });

  it('an empty save records nothing', () => {
    given([changed({ theme: 'dark' })])
      .when(save({}))
      .then([]);
  });
});
