import {
  adminMessages,
  emptyNameMap,
  evolveFeatureFlag,
  isEmail,
  ownValue,
  normaliseEmail,
  platformMessages,
  toFeatureFlagName,
  type FeatureFlag,
  type FeatureFlagsEvent,
  type FeatureFlagsSection,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, nameMapFold, nameMapSnapshot, type Decider } from '../shared/decider';
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

/** One copy of the map per fold; each flag folded with the contracts' fold (shared with the projection). */
const flagsFold = nameMapFold<FeatureFlag, E>((e) => e.data.name, evolveFeatureFlag);

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

  evolve: flagsFold.evolve,
  evolveAll: flagsFold.evolveAll,
  snapshot: nameMapSnapshot<FeatureFlag>('featureFlags/1'),
};
