import {
  emptyNameMap,
  sectionLabels,
  type ApplicationSecretsEvent,
  type ApplicationVariablesEvent,
  type SealedSecret,
} from '@app/contracts';
import { assertNever, nameMapFold, nameMapSnapshot, type Decider } from '../shared/decider';
import {
  diffNamedValues,
  type NamedSealedValue,
  type NamedValueChange,
  type NamedValuesState,
} from './named-values';

export type ApplicationVariablesCommand = {
  type: 'UpdateApplicationVariables';
  data: { values: NamedSealedValue[] };
};
export type ApplicationSecretsCommand = {
  type: 'UpdateApplicationSecrets';
  data: { values: NamedSealedValue[] };
};

const variableEvent = (c: NamedValueChange): ApplicationVariablesEvent => {
  switch (c.kind) {
    case 'added':
      return { type: 'ApplicationVariableAdded', data: { name: c.name, value: c.value } };
    case 'changed':
      return { type: 'ApplicationVariableChanged', data: { name: c.name, value: c.value } };
    case 'removed':
      return { type: 'ApplicationVariableRemoved', data: { name: c.name } };
    default:
      return assertNever(c);
  }
};

const secretEvent = (c: NamedValueChange): ApplicationSecretsEvent => {
  switch (c.kind) {
    case 'added':
      return { type: 'ApplicationSecretAdded', data: { name: c.name, value: c.value } };
    case 'changed':
      return { type: 'ApplicationSecretChanged', data: { name: c.name, value: c.value } };
    case 'removed':
      return { type: 'ApplicationSecretRemoved', data: { name: c.name } };
    default:
      return assertNever(c);
  }
};

/** One copy of the map per fold: a value is set or dropped by name. */
const variablesFold = nameMapFold<SealedSecret, ApplicationVariablesEvent>(
  (e) => e.data.name,
  (_value, e) => (e.type === 'ApplicationVariableRemoved' ? undefined : e.data.value),
);
const secretsFold = nameMapFold<SealedSecret, ApplicationSecretsEvent>(
  (e) => e.data.name,
  (_value, e) => (e.type === 'ApplicationSecretRemoved' ? undefined : e.data.value),
);

/** Application Environment Variables: sealed values by name, diffed by fingerprint into fine-grained facts. */
export const applicationVariablesDecider: Decider<
  NamedValuesState,
  ApplicationVariablesCommand,
  ApplicationVariablesEvent
> = {
  initialState: () => emptyNameMap<SealedSecret>(),
  decide: (command, state) => {
    switch (command.type) {
      case 'UpdateApplicationVariables':
        return diffNamedValues(sectionLabels.applicationVariables, state, command.data.values).map(
          variableEvent,
        );
      default:
        return assertNever(command.type);
    }
  },
  evolve: variablesFold.evolve,
  evolveAll: variablesFold.evolveAll,
  snapshot: nameMapSnapshot<SealedSecret>('applicationVariables/1'),
};

/** Application Secrets: the same rules as the variables, with events of their own. */
export const applicationSecretsDecider: Decider<
  NamedValuesState,
  ApplicationSecretsCommand,
  ApplicationSecretsEvent
> = {
  initialState: () => emptyNameMap<SealedSecret>(),
  decide: (command, state) => {
    switch (command.type) {
      case 'UpdateApplicationSecrets':
        return diffNamedValues(sectionLabels.applicationSecrets, state, command.data.values).map(secretEvent);
      default:
        return assertNever(command.type);
    }
  },
  evolve: secretsFold.evolve,
  evolveAll: secretsFold.evolveAll,
  snapshot: nameMapSnapshot<SealedSecret>('applicationSecrets/1'),
};
