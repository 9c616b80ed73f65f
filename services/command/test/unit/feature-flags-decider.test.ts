import { describe, it } from 'vitest';
import { adminMessages, platformMessages, type FeatureFlag, type FeatureFlagsEvent } from '@app/contracts';
import { featureFlagsDecider } from '../../src/configurations/feature-flags';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(featureFlagsDecider);

type E = FeatureFlagsEvent;
const created = (name: string): E => ({ type: 'FeatureFlagCreated', data: { name } });
const removed = (name: string): E => ({ type: 'FeatureFlagRemoved', data: { name } });
const enabled = (name: string): E => ({ type: 'FeatureFlagEnabled', data: { name } });
const disabled = (name: string): E => ({ type: 'FeatureFlagDisabled', data: { name } });
const userAdded = (name: string, email: string): E => ({
  type: 'FeatureFlagUserExceptionAdded',
  data: { name, email },
});
const userRemoved = (name: string, email: string): E => ({
  type: 'FeatureFlagUserExceptionRemoved',
  data: { name, email },
});
const groupAdded = (name: string, group: string): E => ({
  type: 'FeatureFlagGroupExceptionAdded',
  data: { name, group },
});
const groupRemoved = (name: string, group: string): E => ({
  type: 'FeatureFlagGroupExceptionRemoved',
  data: { name, group },
});

const flag = (f: Partial<FeatureFlag> = {}): FeatureFlag => ({
  enabled: false,
  userExceptions: [],
  amplifyGroupExceptions: [],
  ...f,
});
const save = (flags: Record<string, FeatureFlag>) => ({
  type: 'UpdateFeatureFlags' as const,
  data: { flags },
});

describe('feature flags decider: names (spec 5)', () => {
  it('a flag name is required', () => {
    given([])
      .when(save({ '': flag() }))
      .thenThrows(adminMessages.featureNameRequired);
  });

  it('a name of spaces only is no name', () => {
    given([])
      .when(save({ '   ': flag({ enabled: true }) }))
      .thenThrows(adminMessages.featureNameRequired);
  });

  it('the required message is the spec word for word', () => {
    given([])
      .when(save({ ' ': flag() }))
      .thenThrows('Feature name is required. Please enter a name and try again.');
  });

  it("spaces convert to camelCase: 'dark mode' is saved as darkMode", () => {
    given([])
      .when(save({ 'dark mode': flag() }))
      .then([created('darkMode')]);
  });

  it('several words and surrounding spaces convert to one camelCase name', () => {
    given([])
      .when(save({ '  Assistant   email events ': flag() }))
      .then([created('assistantEmailEvents')]);
  });

  it('an existing camelCase name is kept as is', () => {
    given([created('cachedDocuments')])
      .when(save({ cachedDocuments: flag() }))
      .then([]);
  });

  it('a name that is also a member of every JS object (constructor, toString) is an ordinary name', () => {
    given([])
      .when(save({ constructor: flag(), 'to string': flag({ enabled: true }) }))
      .then([created('constructor'), created('toString'), enabled('toString')]);
    given([created('constructor'), created('valueOf')])
      .when(save({ constructor: flag({ enabled: true }) }))
      .then([removed('valueOf'), enabled('constructor')]);
  });

  it('names must be unique: two keys that normalise to the same name are refused', () => {
    given([])
      .when(save({ 'dark mode': flag(), darkMode: flag({ enabled: true }) }))
      .thenThrows(adminMessages.featureNameUnique);
  });

  it('the unique message is the spec word for word', () => {
    given([created('darkMode')])
      .when(save({ darkMode: flag(), 'Dark  Mode': flag() }))
      .thenThrows('Feature flag names must be unique. Please try another name.');
  });

  it('a new key colliding with an existing flag after normalisation is the same flag, not a second one', () => {
    given([created('darkMode')])
      .when(save({ 'dark mode': flag({ enabled: true }) }))
      .then([enabled('darkMode')]);
  });
});

describe('feature flags decider: a whole-section save is diffed into fine-grained facts', () => {
  it('a new flag: created, then enabled, then its exceptions, in that order', () => {
    given([])
      .when(
        save({
          'dark mode': flag({
            enabled: true,
            userExceptions: [' Ann@Example.com '],
            amplifyGroupExceptions: ['Staff'],
          }),
        }),
      )
      .then([
        created('darkMode'),
        enabled('darkMode'),
        userAdded('darkMode', 'ann@example.com'),
        groupAdded('darkMode', 'Staff'),
      ]);
  });

  it('a new disabled flag without exceptions is only created (disabled is the default)', () => {
    given([])
      .when(save({ beta: flag() }))
      .then([created('beta')]);
  });

  it('toggling on: FeatureFlagEnabled', () => {
    given([created('beta')])
      .when(save({ beta: flag({ enabled: true }) }))
      .then([enabled('beta')]);
  });

  it('toggling off: FeatureFlagDisabled', () => {
    given([created('beta'), enabled('beta')])
      .when(save({ beta: flag({ enabled: false }) }))
      .then([disabled('beta')]);
  });

  it('a user exception added is lower-cased and trimmed', () => {
    given([created('beta')])
      .when(save({ beta: flag({ userExceptions: ['  BOB@example.COM'] }) }))
      .then([userAdded('beta', 'bob@example.com')]);
  });

  it('a user exception removed', () => {
    given([created('beta'), userAdded('beta', 'ann@example.com'), userAdded('beta', 'bob@example.com')])
      .when(save({ beta: flag({ userExceptions: ['bob@example.com'] }) }))
      .then([userRemoved('beta', 'ann@example.com')]);
  });

  it('duplicate user exceptions are merged', () => {
    given([created('beta')])
      .when(save({ beta: flag({ userExceptions: ['ann@example.com', 'ANN@example.com'] }) }))
      .then([userAdded('beta', 'ann@example.com')]);
  });

  it('an invalid user exception email is refused', () => {
    given([created('beta')])
      .when(save({ beta: flag({ userExceptions: ['ann@example.com', 'Not an email'] }) }))
      .thenThrows(platformMessages.invalidEmail('not an email'));
  });

  it('a group exception added', () => {
    given([created('beta')])
      .when(save({ beta: flag({ amplifyGroupExceptions: ['Staff'] }) }))
      .then([groupAdded('beta', 'Staff')]);
  });

  it('a group exception removed', () => {
    given([created('beta'), groupAdded('beta', 'Staff'), groupAdded('beta', 'Ops')])
      .when(save({ beta: flag({ amplifyGroupExceptions: ['Ops'] }) }))
      .then([groupRemoved('beta', 'Staff')]);
  });

  it('a flag missing from the save is removed', () => {
    given([created('beta'), created('darkMode'), enabled('darkMode')])
      .when(save({ beta: flag() }))
      .then([removed('darkMode')]);
  });

  it('saving an empty section removes every flag', () => {
    given([created('beta'), created('darkMode')])
      .when(save({}))
      .then([removed('beta'), removed('darkMode')]);
  });

  it('a removed flag can be created again, starting from the defaults', () => {
    given([created('beta'), enabled('beta'), userAdded('beta', 'ann@example.com'), removed('beta')])
      .when(save({ beta: flag() }))
      .then([created('beta')]);
  });

  it('saving an unchanged section appends nothing', () => {
    given([
      created('darkMode'),
      enabled('darkMode'),
      userAdded('darkMode', 'ann@example.com'),
      groupAdded('darkMode', 'Staff'),
      created('beta'),
    ])
      .when(
        save({
          beta: flag(),
          darkMode: flag({
            enabled: true,
            userExceptions: ['ann@example.com'],
            amplifyGroupExceptions: ['Staff'],
          }),
        }),
      )
      .then([]);
  });

  it('one save touching several flags: removals first, then each flag in the order sent', () => {
    given([created('old'), created('beta'), userAdded('beta', 'ann@example.com')])
      .when(
        save({
          beta: flag({ enabled: true, userExceptions: ['bob@example.com'] }),
          'new one': flag({ amplifyGroupExceptions: ['Ops'] }),
        }),
      )
      .then([
        removed('old'),
        enabled('beta'),
        userRemoved('beta', 'ann@example.com'),
        userAdded('beta', 'bob@example.com'),
        created('newOne'),
        groupAdded('newOne', 'Ops'),
      ]);
  });
});
