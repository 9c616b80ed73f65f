import {
  applicationSecretsStreamId,
  applicationVariablesStreamId,
  openaiEndpointsStreamId,
  sectionLabels,
  type EventMetadata,
  type NamedValuesSection,
  type OpenAiEndpointsSection,
  type SealedSecret,
} from '@app/contracts';
import {
  emptyAllowList,
  type AllowList,
  type Db,
  type Keyring,
  type NewEvent,
  type SecretBox,
} from '@app/platform';
import { applicationSecretsDecider, applicationVariablesDecider } from './application-variables';
import type { Decider } from '../shared/decider';
import { normaliseOpenAiModels } from './openai-endpoint-rules';
import { openaiEndpointsDecider } from './openai-endpoints';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { loadState as loadStreamState } from '../shared/stream-state';
import type { NamedValuesState } from './named-values';
import { keylessEndpointAllowed } from './keyless-endpoints';
import { endpointSecrets, sealNamedValues, sealOpenAiEndpoints, sentEndpointSecrets } from './seal-values';

/**
 * The saves run in the command's transaction (`db`): data keys sealed, and destroyed, commit with the
 * events. `endpointAllow`: the model client's OUTBOUND_ALLOW, where keyless endpoints may be (none
 * when absent).
 */
export type SecretSectionOptions = {
  metadata: EventMetadata;
  expectedVersion?: number;
  secrets: SecretBox;
  endpointAllow?: AllowList;
};

/** A section's state as its decider folds it, and the version it was loaded at. */
export const loadState = async <S, E extends NewEvent>(
  db: Db,
  decider: Pick<Decider<S, never, E>, 'evolve' | 'initialState' | 'evolveAll' | 'snapshot'>,
  streamId: string,
): Promise<{ state: S; version: number }> => {
  const { state, version } = await loadStreamState(db, decider, streamId);
  return { state, version };
};

/**
 * Seal against the state as loaded, then decide and append at that version: were the stream to move in
 * between, the append is refused (409) rather than a mask resolved against an older value.
 */
const expected = (o: SecretSectionOptions, loaded: number) => ({
  metadata: o.metadata,
  expectedVersion: o.expectedVersion ?? loaded,
});

/**
 * Shredding: once the events are appended, every data key the section held before (or that this save
 * sealed) and no longer holds is destroyed in the same transaction: a value removed or replaced, an
 * endpoint deleted. The ciphertext stays in the log, unreadable; the read models hold masks only, so
 * a replay does not need it.
 */
const shredDropped = async <S>(
  keys: Keyring,
  secretsOf: (state: S) => SealedSecret[],
  change: { before: S; sent: readonly SealedSecret[]; after: S },
): Promise<void> => {
  await keys.shred([...secretsOf(change.before), ...change.sent], secretsOf(change.after));
};

const namedSecrets = (state: NamedValuesState): SealedSecret[] => Object.values(state);

/** Saves a section of named sealed values (the application variables, or the secrets). */
const namedValuesSave =
  <C, E extends NewEvent>(
    decider: Decider<NamedValuesState, C, E>,
    streamId: string,
    label: string,
    commandOf: (values: Awaited<ReturnType<typeof sealNamedValues>>) => C,
  ) =>
  async (db: Db, input: NamedValuesSection, o: SecretSectionOptions): Promise<CommandOutcome> => {
    const load = () => loadState(db, decider, streamId);
    const { state, version } = await load();
    const keys = o.secrets.keyring(db);
    const values = await sealNamedValues(label, input, state, keys);
    const outcome = await handleCommand(db, decider, streamId, commandOf(values), expected(o, version));
    await shredDropped(keys, namedSecrets, {
      before: state,
      sent: values.map((v) => v.value),
      after: (await load()).state,
    });
    return outcome;
  };

export const saveApplicationVariables = namedValuesSave(
  applicationVariablesDecider,
  applicationVariablesStreamId,
  sectionLabels.applicationVariables,
  (values) => ({ type: 'UpdateApplicationVariables' as const, data: { values } }),
);

export const saveApplicationSecrets = namedValuesSave(
  applicationSecretsDecider,
  applicationSecretsStreamId,
  sectionLabels.applicationSecrets,
  (values) => ({ type: 'UpdateApplicationSecrets' as const, data: { values } }),
);

/** Saves the OpenAi Endpoints section; the outcome's notes name the models removed for having no endpoints. */
export const saveOpenAiEndpoints = async (
  db: Db,
  input: OpenAiEndpointsSection,
  o: SecretSectionOptions,
): Promise<CommandOutcome> => {
  const load = () => loadState(db, openaiEndpointsDecider, openaiEndpointsStreamId);
  const { state, version } = await load();
  const keys = o.secrets.keyring(db);
  const allow = o.endpointAllow ?? emptyAllowList;
  const models = await sealOpenAiEndpoints(input, state, keys, (url) => keylessEndpointAllowed(url, allow));
  const { notes } = normaliseOpenAiModels(models);
  const command = { type: 'UpdateOpenAiEndpoints', data: { models } } as const;
  const outcome = await handleCommand(
    db,
    openaiEndpointsDecider,
    openaiEndpointsStreamId,
    command,
    expected(o, version),
  );
  await shredDropped(keys, endpointSecrets, {
    before: state,
    sent: sentEndpointSecrets(models),
    after: (await load()).state,
  });
  return notes.length > 0 ? { ...outcome, notes } : outcome;
};
