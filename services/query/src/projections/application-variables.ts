import {
  applicationSecretsEventTypes,
  applicationVariablesEventTypes,
  type ApplicationSecretsEvent,
  type ApplicationVariablesEvent,
  type RecordedEvent,
  type SealedSecret,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { defineProjection } from './projection';

type Table = 'rm_application_variables' | 'rm_application_secrets';

/** A value Added or Changed (the row holds the sealed value and its last 4 characters), or Removed. */
type Change = { name: string; value: SealedSecret | null };

const upsert = async (trx: Db, table: Table, recorded: RecordedEvent, change: Change): Promise<string[]> => {
  if (change.value === null) {
    await trx.deleteFrom(table).where('name', '=', change.name).execute();
    return [change.name];
  }
  const row = {
    value: JSON.stringify(change.value),
    last4: change.value.last4,
    changed_by: recorded.metadata.actor.email,
    changed_at: new Date(recorded.recordedAt),
  };
  await trx
    .insertInto(table)
    .values({ name: change.name, ...row })
    .onConflict((oc) => oc.column('name').doUpdateSet(row))
    .execute();
  return [change.name];
};

const variableChange = (e: ApplicationVariablesEvent): Change =>
  e.type === 'ApplicationVariableRemoved'
    ? { name: e.data.name, value: null }
    : { name: e.data.name, value: e.data.value };

const secretChange = (e: ApplicationSecretsEvent): Change =>
  e.type === 'ApplicationSecretRemoved'
    ? { name: e.data.name, value: null }
    : { name: e.data.name, value: e.data.value };

export const applicationVariablesProjection = defineProjection<ApplicationVariablesEvent>({
  name: 'applicationVariables',
  readModel: 'applicationVariables',
  eventTypes: applicationVariablesEventTypes,
  apply: (event, recorded, trx) => upsert(trx, 'rm_application_variables', recorded, variableChange(event)),
  reset: async (trx) => {
    await trx.deleteFrom('rm_application_variables').execute();
  },
});

export const applicationSecretsProjection = defineProjection<ApplicationSecretsEvent>({
  name: 'applicationSecrets',
  readModel: 'applicationSecrets',
  eventTypes: applicationSecretsEventTypes,
  apply: (event, recorded, trx) => upsert(trx, 'rm_application_secrets', recorded, secretChange(event)),
  reset: async (trx) => {
    await trx.deleteFrom('rm_application_secrets').execute();
  },
});
