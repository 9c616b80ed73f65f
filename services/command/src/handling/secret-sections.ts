import {
  applicationSecretsStreamId,
  applicationVariablesStreamId,
  openaiEndpointsStreamId,
  sectionLabels,
  type EventMetadata,
  type NamedValuesSection,
  type OpenAiEndpointsSection,
} from '@app/contracts';
import { readStream, type Db, type NewEvent, type SecretBox } from '@app/platform';
import { applicationSecretsDecider, applicationVariablesDecider } from '../domain/application-variables';
import type { Decider } from '../domain/decider';
import { normaliseOpenAiModels } from '../domain/openai-endpoint-rules';
import { openaiEndpointsDecider } from '../domain/openai-endpoints';
import { handleCommand, type CommandOutcome } from './handle-command';
import { sealNamedValues, sealOpenAiEndpoints } from './seal-values';

export type SecretSectionOptions = { metadata: EventMetadata; expectedVersion?: number; secrets: SecretBox };

/** A section's state as its decider folds it, and the version it was loaded at. */
export const loadState = async <S, E extends NewEvent>(
  db: Db,
  decider: Pick<Decider<S, never, E>, 'evolve' | 'initialState'>,
  streamId: string,
): Promise<{ state: S; version: number }> => {
  const history = await readStream(db, streamId);
  const state = history.map((e) => e as unknown as E).reduce(decider.evolve, decider.initialState());
  return { state, version: history[history.length - 1]?.streamVersion ?? 0 };
};

/**
 * Seal against the state as loaded, then decide and append at that version: were the stream to move in
 * between, the append is refused (409) rather than a mask resolved against an older value.
 */
const expected = (o: SecretSectionOptions, loaded: number) => ({
  metadata: o.metadata,
  expectedVersion: o.expectedVersion ?? loaded,
});

export const saveApplicationVariables = async (
  db: Db,
  input: NamedValuesSection,
  o: SecretSectionOptions,
): Promise<CommandOutcome> => {
  const { state, version } = await loadState(db, applicationVariablesDecider, applicationVariablesStreamId);
  const values = sealNamedValues(sectionLabels.applicationVariables, input, state, o.secrets);
  const command = { type: 'UpdateApplicationVariables', data: { values } } as const;
  return handleCommand(
    db,
    applicationVariablesDecider,
    applicationVariablesStreamId,
    command,
    expected(o, version),
  );
};

export const saveApplicationSecrets = async (
  db: Db,
  input: NamedValuesSection,
  o: SecretSectionOptions,
): Promise<CommandOutcome> => {
  const { state, version } = await loadState(db, applicationSecretsDecider, applicationSecretsStreamId);
  const values = sealNamedValues(sectionLabels.applicationSecrets, input, state, o.secrets);
  const command = { type: 'UpdateApplicationSecrets', data: { values } } as const;
  return handleCommand(
    db,
    applicationSecretsDecider,
    applicationSecretsStreamId,
    command,
    expected(o, version),
  );
};

/** Saves the OpenAi Endpoints section; the outcome's notes name the models removed for having no endpoints. */
export const saveOpenAiEndpoints = async (
  db: Db,
  input: OpenAiEndpointsSection,
  o: SecretSectionOptions,
): Promise<CommandOutcome> => {
  const { state, version } = await loadState(db, openaiEndpointsDecider, openaiEndpointsStreamId);
  const models = sealOpenAiEndpoints(input, state, o.secrets);
  const { notes } = normaliseOpenAiModels(models);
  const command = { type: 'UpdateOpenAiEndpoints', data: { models } } as const;
  const outcome = await handleCommand(
    db,
    openaiEndpointsDecider,
    openaiEndpointsStreamId,
    command,
    expected(o, version),
  );
  return notes.length > 0 ? { ...outcome, notes } : outcome;
};
