import type { z } from 'zod';
import { boundedString, nameFields, nameKeyedRecord } from '../bounded';
import { limits } from '../limits';
import type { SealedSecret } from './sealed-secret';
import { eventTypesOf } from '../event-types';

/**
 * The Application Variables tab: Application Secrets and Application Environment Variables, each a
 * map from name to value. Both are encrypted before they are decided and read back masked (the Admin
 * Interface shows both as obscured inputs; a variable may hold a credential as easily as a secret does).
 */
export const applicationVariablesStreamId = 'config-applicationVariables';
export const applicationSecretsStreamId = 'config-applicationSecrets';

export const maxVariableNameLength = limits.nameLength;
export const maxVariableValueLength = limits.variableValueLength;

/**
 * A section as the dialog reads and saves it: name → value. GET answers a mask (see maskOf) in
 * place of every value; the dialog sends the mask back for a value it did not change.
 */
const namedValuesSection = (field: string) =>
  nameKeyedRecord(boundedString('A value', maxVariableValueLength), {
    field,
    keyField: nameFields.variableName,
    max: limits.namedValues,
    keyMax: maxVariableNameLength,
  });

export const NamedValuesSection = namedValuesSection('Application Variables and Secrets');
export type NamedValuesSection = z.infer<typeof NamedValuesSection>;

export const ApplicationVariablesSection = namedValuesSection('Application Environment Variables');
export type ApplicationVariablesSection = NamedValuesSection;
export const ApplicationSecretsSection = namedValuesSection('Application Secrets');
export type ApplicationSecretsSection = NamedValuesSection;

/** The names sorted as the tab lists them: longest first, then alphabetically. */
export const byNameLengthDescending = (a: string, b: string): number =>
  b.length - a.length || a.localeCompare(b);

type Named = { name: string };
type WithValue = Named & { value: SealedSecret };

export type ApplicationVariablesEvent =
  | { type: 'ApplicationVariableAdded'; data: WithValue }
  | { type: 'ApplicationVariableChanged'; data: WithValue }
  | { type: 'ApplicationVariableRemoved'; data: Named };

export type ApplicationSecretsEvent =
  | { type: 'ApplicationSecretAdded'; data: WithValue }
  | { type: 'ApplicationSecretChanged'; data: WithValue }
  | { type: 'ApplicationSecretRemoved'; data: Named };

export const applicationVariablesEventTypes = eventTypesOf<ApplicationVariablesEvent>({
  ApplicationVariableAdded: true,
  ApplicationVariableChanged: true,
  ApplicationVariableRemoved: true,
});

export const applicationSecretsEventTypes = eventTypesOf<ApplicationSecretsEvent>({
  ApplicationSecretAdded: true,
  ApplicationSecretChanged: true,
  ApplicationSecretRemoved: true,
});
