import { sectionTypes, valueCardList, type SectionType, type ValueCardKey } from '@app/contracts';
import type { Db, NewEvent } from '@app/platform';
import {
  adminsDecider,
  amplifyGroupsDecider,
  applicationSecretsDecider,
  applicationVariablesDecider,
  defaultModelsDecider,
  featureFlagsDecider,
  openaiEndpointsDecider,
  supportedModelsDecider,
} from '../configurations/index';
import type { Decider } from '../shared/decider';
import { loadState } from '../shared/stream-state';
import type { SectionStates } from './plan';

type AnyDecider = Pick<
  Decider<unknown, never, NewEvent>,
  'evolve' | 'initialState' | 'evolveAll' | 'snapshot' | 'contract'
>;

/** Each value card's fold, as its decider folds it (configurations' valueCardDecider): every card of the contracts. */
const valueCardFolds = Object.fromEntries(
  valueCardList.map((card) => [
    card.key,
    {
      initialState: card.initial,
      evolve: (state: never, event: never) => card.evolve(state, event),
      contract: card.eventContract,
    },
  ]),
) as Record<ValueCardKey, unknown>; // fromEntries cannot say each key is there

/** The decider each section's stream folds with (the one its saves go through). */
const deciders: Record<SectionType, unknown> = {
  admins: adminsDecider,
  featureFlags: featureFlagsDecider,
  supportedModels: supportedModelsDecider,
  defaultModels: defaultModelsDecider,
  ...valueCardFolds,
  amplifyGroups: amplifyGroupsDecider,
  applicationVariables: applicationVariablesDecider,
  applicationSecrets: applicationSecretsDecider,
  openaiEndpoints: openaiEndpointsDecider,
};

/** Every section's state now, folded from its stream `config-<section>` as a save folds it. */
export const loadSectionStates = async (db: Db): Promise<SectionStates> => {
  const entries = await Promise.all(
    sectionTypes.map(async (section) => {
      const { state } = await loadState(db, deciders[section] as AnyDecider, `config-${section}`);
      return [section, state] as const;
    }),
  );
  return Object.fromEntries(entries) as SectionStates;
};
