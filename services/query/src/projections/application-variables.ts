import {
  applicationSecretsEventTypes,
  applicationVariablesEventTypes,
  type ApplicationSecretsEvent,
  type ApplicationVariablesEvent,
  type RecordedEvent,
  type SealedSecret,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { tableProjection } from './projection';
import { changeStamp } from './rows';

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
    ...changeStamp(recorded),
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

/** A store of sealed values (`table`, one row per name), its read model named like the projection. */
const sealedValuesProjection = <E extends ApplicationVariablesEvent | ApplicationSecretsEvent>(
  name: 'applicationVariables' | 'applicationSecrets',
  eventTypes: readonly E['type'][],
  table: Table,
  changeOf: (event: E) => Change,
) =>
  tableProjection<E>(name, [table], {
    eventTypes,
    apply: (event, recorded, trx) => upsert(trx, table, recorded, changeOf(event)),
  });

export const applicationVariablesProjection = sealedValuesProjection(
  'applicationVariables',
  applicationVariablesEventTypes,
  'rm_application_variables',
  variableChange,
);

export const applicationSecretsProjection = sealedValuesProjection(
  'applicationSecrets',
  applicationSecretsEventTypes,
  'rm_application_secrets',
  secretChange,
);
