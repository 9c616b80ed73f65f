import { describe, it } from 'vitest';
import {
  platformMessages,
  sectionLabels,
  type ApplicationSecretsEvent,
  type ApplicationVariablesEvent,
  type SealedSecret,
} from '@app/contracts';
import {
  applicationSecretsDecider,
  applicationVariablesDecider,
} from '../../src/configurations/application-variables';
import { DeciderSpecification } from './decider-spec';
import { sealed } from './sealed-fixtures';

const givenVariables = DeciderSpecification.for(applicationVariablesDecider);
const givenSecrets = DeciderSpecification.for(applicationSecretsDecider);

type V = ApplicationVariablesEvent;
const added = (name: string, value: SealedSecret): V => ({
  type: 'ApplicationVariableAdded',
  data: { name, value },
});
const changed = (name: string, value: SealedSecret): V => ({
  type: 'ApplicationVariableChanged',
  data: { name, value },
});
const removed = (name: string): V => ({ type: 'ApplicationVariableRemoved', data: { name } });
const saveVariables = (values: Record<string, SealedSecret>) => ({
  type: 'UpdateApplicationVariables' as const,
  data: { values: Object.entries(values).map(([name, value]) => ({ name, value })) },
});

const one = sealed('fp-1');
const two = sealed('fp-2');
/** The same value sealed again (a new iv and data key, the same fingerprint). */
const oneAgain: SealedSecret = { ...sealed('fp-1'), iv: 'another-iv', ciphertext: 'another-ct' };

describe('application variables decider: values are compared by fingerprint, never in clear', () => {
  it('a new name: ApplicationVariableAdded with the sealed value', () => {
    givenVariables([])
      .when(saveVariables({ API_BASE: one }))
      .then([added('API_BASE', one)]);
  });

  it('the same value again (masked or typed again, sealed anew): nothing is appended', () => {
    givenVariables([added('API_BASE', one)])
      .when(saveVariables({ API_BASE: oneAgain }))
      .then([]);
  });

  it('another value: ApplicationVariableChanged', () => {
    givenVariables([added('API_BASE', one)])
      .when(saveVariables({ API_BASE: two }))
      .then([changed('API_BASE', two)]);
  });

  it('a name missing from the save: ApplicationVariableRemoved, removals first', () => {
    givenVariables([added('OLD', one), added('KEEP', two)])
      .when(saveVariables({ KEEP: two, NEW: one }))
      .then([removed('OLD'), added('NEW', one)]);
  });

  it('an empty save removes every variable', () => {
    givenVariables([added('A', one), added('B', two)])
      .when(saveVariables({}))
      .then([removed('A'), removed('B')]);
  });

  it('names are trimmed', () => {
    givenVariables([added('A', one)])
      .when(saveVariables({ '  A ': two }))
      .then([changed('A', two)]);
  });

  it('a name is required', () => {
    givenVariables([])
      .when(saveVariables({ '  ': one }))
      .thenThrows(platformMessages.variableNameRequired(sectionLabels.applicationVariables));
  });

  it('a name is listed once (after trimming)', () => {
    givenVariables([])
      .when(saveVariables({ A: one, ' A': two }))
      .thenThrows(platformMessages.variableNameRepeated(sectionLabels.applicationVariables, 'A'));
  });

  it('a name that is also a member of every JS object is an ordinary name', () => {
    givenVariables([added('constructor', one)])
      .when(saveVariables({ constructor: two, toString: one }))
      .then([changed('constructor', two), added('toString', one)]);
  });

  it('a removed name can be added again', () => {
    givenVariables([added('A', one), removed('A')])
      .when(saveVariables({ A: one }))
      .then([added('A', one)]);
  });
});

describe('application secrets decider: the same rules, with events of their own', () => {
  type S = ApplicationSecretsEvent;
  const secretAdded = (name: string, value: SealedSecret): S => ({
    type: 'ApplicationSecretAdded',
    data: { name, value },
  });
  const saveSecrets = (values: Record<string, SealedSecret>) => ({
    type: 'UpdateApplicationSecrets' as const,
    data: { values: Object.entries(values).map(([name, value]) => ({ name, value })) },
  });

  it('added, changed, unchanged and removed', () => {
    givenSecrets([secretAdded('A', one), secretAdded('B', one), secretAdded('C', one)])
      .when(saveSecrets({ A: oneAgain, B: two, D: two }))
      .then([
        { type: 'ApplicationSecretRemoved', data: { name: 'C' } },
        { type: 'ApplicationSecretChanged', data: { name: 'B', value: two } },
        secretAdded('D', two),
      ]);
  });

  it('a name is required', () => {
    givenSecrets([])
      .when(saveSecrets({ '': one }))
      .thenThrows(platformMessages.variableNameRequired(sectionLabels.applicationSecrets));
  });
});
