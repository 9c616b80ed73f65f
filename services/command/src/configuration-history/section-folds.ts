import {
  maskOf,
  nameMapFrom,
  sectionSchemas,
  valueCardList,
  type AnyValueCard,
  type ValueCardKey,
  type NamedValuesSection,
  type OpenAiEndpointsSection,
  type SectionData,
  type SectionType,
} from '@app/contracts';
import type { NewEvent } from '@app/platform';
import {
  adminsDecider,
  amplifyGroupsDecider,
  defaultModelsDecider,
  featureFlagsDecider,
  openaiEndpointsDecider,
  supportedModelsDecider,
  applicationSecretsDecider,
  applicationVariablesDecider,
  type NamedValuesState,
  type OpenAiEndpointsState,
} from '../configurations/index';
import type { Decider } from '../shared/decider';

/** A section's stream: `config-<section>` for every section of the dialog. */
export const sectionStreamId = (section: SectionType): string => `config-${section}`;

/** How one section is folded from its stream, and its data as GET /amplifymin/configs answers it. */
export interface SectionFold<S> {
  decider: Pick<Decider<S, never, NewEvent>, 'evolve' | 'initialState' | 'evolveAll' | 'contract'>;
  dataOf: (state: S) => unknown;
}

/** A section's decider and data, its state's type kept inside (each fold folds its own state only). */
const as = <S>(decider: unknown, dataOf: (state: S) => unknown): SectionFold<unknown> => ({
  decider: decider as SectionFold<unknown>['decider'],
  dataOf: (state) => dataOf(state as S),
});

/** A section of named sealed values, each value masked. */
const maskedValues = (state: NamedValuesState): NamedValuesSection =>
  nameMapFrom(Object.entries(state).map(([name, sealed]) => [name, maskOf(sealed.last4)] as const));

/** The endpoints in order, keys masked ('' for a keyless one), urls as stored (credentials masked). */
const maskedEndpoints = (state: OpenAiEndpointsState): OpenAiEndpointsSection => ({
  models: state.map((m) =>
    nameMapFrom([
      [
        m.name,
        { endpoints: m.endpoints.map((e) => ({ url: e.url, key: e.key ? maskOf(e.key.last4) : '' })) },
      ],
    ]),
  ),
});

const same = <S>(state: S): S => state;

/**
 * Every section's fold (the decider its saves go through) and its data: the view of the
 * configuration at any position is these folds over the events up to it. A section added to the
 * contracts without a fold here fails the typecheck.
 */
export const sectionFolds: { [K in SectionType]: SectionFold<unknown> } = {
  // Each value card folds as its card says (contracts' value-cards/): its decider does the same.
  ...(Object.fromEntries(
    valueCardList.map((card) => {
      const valueCard = card as unknown as AnyValueCard;
      const decider = {
        initialState: valueCard.initial,
        evolve: (state: unknown, event: NewEvent) => valueCard.evolve(state, event),
        contract: valueCard.eventContract,
      };
      return [card.key, as(decider, same)];
    }),
  ) as { [K in ValueCardKey]: SectionFold<unknown> }),
  admins: as<{ admins: string[] }>(adminsDecider, (s) => s.admins),
  featureFlags: as(featureFlagsDecider, same),
  supportedModels: as(supportedModelsDecider, same),
  defaultModels: as(defaultModelsDecider, same),
  amplifyGroups: as(amplifyGroupsDecider, same),
  applicationVariables: as(applicationVariablesDecider, maskedValues),
  applicationSecrets: as(applicationSecretsDecider, maskedValues),
  openaiEndpoints: as(openaiEndpointsDecider, maskedEndpoints),
};

/** A section's data from its folded state, checked (and normalised) by the section's contract. */
export const sectionDataOf = <K extends SectionType>(section: K, state: unknown): SectionData[K] =>
  sectionSchemas[section].parse(sectionFolds[section].dataOf(state)) as SectionData[K];
