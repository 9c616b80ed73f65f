import {
  adminMessages,
  emptyNameMap,
  isEmail,
  nameMapWith,
  nameMapWithout,
  ownValue,
  normaliseEmail,
  platformMessages,
  toFeatureFlagName,
  type FeatureFlag,
  type FeatureFlagsEvent,
  type FeatureFlagsSection,
} from '@app/contracts';
import { DomainError } from '@app/platform';
import { assertNever, type Decider } from './decider';
import { diffLists, unique } from './set-diff';

/** Flags by name, in a map without a prototype (see @app/contracts' records). */
export type FeatureFlagsState = Record<string, FeatureFlag>;

export type FeatureFlagsCommand =
  /** The dialog's whole-section save, diffed here into fine-grained facts. */
  { type: 'UpdateFeatureFlags'; data: { flags: FeatureFlagsSection } };

type E = FeatureFlagsEvent;

/** Names normalised to camelCase, required and unique; exceptions trimmed, lower-cased, deduplicated. */
const normalise = (flags: FeatureFlagsSection): FeatureFlagsState => {
  const out = emptyNameMap<FeatureFlag>();
  for (const [rawName, flag] of Object.entries(flags)) {
    const name = toFeatureFlagName(rawName);
    if (name === '') throw new DomainError(adminMessages.featureNameRequired);
    if (Object.hasOwn(out, name)) throw new DomainError(adminMessages.featureNameUnique);
    const users = unique(flag.userExceptions.map(normaliseEmail).filter((e) => e !== ''));
    const bad = users.find((e) => !isEmail(e));
    if (bad !== undefined) throw new DomainError(platformMessages.invalidEmail(bad));
    const groups = unique(flag.amplifyGroupExceptions.map((g) => g.trim()).filter((g) => g !== ''));
    out[name] = { enabled: flag.enabled, userExceptions: users, amplifyGroupExceptions: groups };
  }
  return out;
};

const exceptionEvents = (name: string, before: FeatureFlag, after: FeatureFlag): E[] => {
  const users = diffLists(before.userExceptions, after.userExceptions);
  const groups = diffLists(before.amplifyGroupExceptions, after.amplifyGroupExceptions);
  return [
    ...users.removed.map((email): E => ({ type: 'FeatureFlagUserExceptionRemoved', data: { name, email } })),
    ...users.added.map((email): E => ({ type: 'FeatureFlagUserExceptionAdded', data: { name, email } })),
    ...groups.removed.map((group): E => ({
      type: 'FeatureFlagGroupExceptionRemoved',
      data: { name, group },
    })),
    ...groups.added.map((group): E => ({ type: 'FeatureFlagGroupExceptionAdded', data: { name, group } })),
  ];
};

const blank: FeatureFlag = { enabled: false, userExceptions: [], amplifyGroupExceptions: [] };

const flagEvents = (name: string, before: FeatureFlag | undefined, after: FeatureFlag): E[] => {
  const created: E[] = before ? [] : [{ type: 'FeatureFlagCreated', data: { name } }];
  const from = before ?? blank;
  const toggled: E[] =
    from.enabled === after.enabled
      ? []
      : [{ type: after.enabled ? 'FeatureFlagEnabled' : 'FeatureFlagDisabled', data: { name } }];
  return [...created, ...toggled, ...exceptionEvents(name, from, after)];
};

/** The flag of that name, never a member every object inherits ('constructor', 'toString'...). */
const own = (state: FeatureFlagsState, name: string): FeatureFlag | undefined => ownValue(state, name);

const withFlag = (state: FeatureFlagsState, name: string, change: (f: FeatureFlag) => FeatureFlag) => {
  const flag = own(state, name);
  return flag ? nameMapWith(state, name, change(flag)) : state;
};

export const featureFlagsDecider: Decider<FeatureFlagsState, FeatureFlagsCommand, E> = {
  initialState: () => emptyNameMap<FeatureFlag>(),

  decide: (command, state) => {
    switch (command.type) {
      case 'UpdateFeatureFlags': {
        const next = normalise(command.data.flags);
        const removed = Object.keys(state)
          .filter((name) => !Object.hasOwn(next, name))
          .map((name): E => ({ type: 'FeatureFlagRemoved', data: { name } }));
        const changed = Object.entries(next).flatMap(([name, flag]) =>
          flagEvents(name, own(state, name), flag),
        );
        return [...removed, ...changed];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve: (state, event) => {
    const { name } = event.data;
    switch (event.type) {
      case 'FeatureFlagCreated':
        return nameMapWith(state, name, { ...blank });
      case 'FeatureFlagRemoved':
        return nameMapWithout(state, name);
      case 'FeatureFlagEnabled':
        return withFlag(state, name, (f) => ({ ...f, enabled: true }));
      case 'FeatureFlagDisabled':
        return withFlag(state, name, (f) => ({ ...f, enabled: false }));
      case 'FeatureFlagUserExceptionAdded':
        return withFlag(state, name, (f) => ({
          ...f,
          userExceptions: [...f.userExceptions, event.data.email],
        }));
      case 'FeatureFlagUserExceptionRemoved':
        return withFlag(state, name, (f) => ({
          ...f,
          userExceptions: f.userExceptions.filter((e) => e !== event.data.email),
        }));
      case 'FeatureFlagGroupExceptionAdded':
        return withFlag(state, name, (f) => ({
          ...f,
          amplifyGroupExceptions: [...f.amplifyGroupExceptions, event.data.group],
        }));
      case 'FeatureFlagGroupExceptionRemoved':
        return withFlag(state, name, (f) => ({
          ...f,
          amplifyGroupExceptions: f.amplifyGroupExceptions.filter((g) => g !== event.data.group),
        }));
      default:
        return assertNever(event);
    }
  },
};
