import type { EventMetadata, RevertRequest, SectionType } from '@app/contracts';
import type { AllowList, Db, SecretBox } from '@app/platform';
import { sectionHandlers, type NamedValuesState, type OpenAiEndpointsState } from '../configurations/index';
import type { CommandOutcome } from '../shared/handle-command';
import { loadState } from '../shared/stream-state';
import { configurationAt, positionAt } from './configuration-at';
import { sectionFolds, sectionStreamId } from './section-folds';
import { restoreEndpoints, restoreNamedValues, type Restored } from './secret-restore';

export interface RevertDeps {
  secrets: SecretBox;
  /** The model client's OUTBOUND_ALLOW, as a save of the endpoints is given it. */
  endpointAllow?: AllowList | undefined;
}

/** The input of a save that brings `section` back to `then` (secrets opened where their keys remain). */
const inputOf = async (
  trx: Db,
  deps: RevertDeps,
  section: SectionType,
  then: { data: unknown; state: unknown },
): Promise<Restored<unknown>> => {
  if (section !== 'applicationVariables' && section !== 'applicationSecrets' && section !== 'openaiEndpoints')
    return { input: then.data, notRestored: [] };
  const keys = deps.secrets.keyring(trx);
  const { state: now } = await loadState(trx, sectionFolds[section].decider, sectionStreamId(section));
  return section === 'openaiEndpoints'
    ? restoreEndpoints(then.state as OpenAiEndpointsState, now as OpenAiEndpointsState, keys)
    : restoreNamedValues(then.state as NamedValuesState, now as NamedValuesState, keys);
};

/**
 * Brings one section back to how it was at `at`: its state then is folded from the log, and saved
 * as the section's data through the same handler (and decider) as an admin's save, by the reverting
 * admin, at the version the view was opened at (a section changed since: ConcurrencyError, a 409).
 * Secrets come back only where their data keys still exist; the others are reported.
 */
export const revertSection = async (
  trx: Db,
  deps: RevertDeps,
  request: RevertRequest,
  metadata: EventMetadata,
): Promise<CommandOutcome & { notRestored: string[] }> => {
  const section = request.section as SectionType;
  const then = await configurationAt(trx, await positionAt(trx, request.at));
  const { input, notRestored } = await inputOf(trx, deps, section, {
    data: then.data[section],
    state: then.states[section],
  });
  const save = sectionHandlers[section] as (
    db: Db,
    data: unknown,
    o: Parameters<(typeof sectionHandlers)['openaiEndpoints']>[2],
  ) => Promise<CommandOutcome>;
  const outcome = await save(trx, input, {
    metadata,
    expectedVersion: request.version,
    secrets: deps.secrets,
    ...(deps.endpointAllow ? { endpointAllow: deps.endpointAllow } : {}),
  });
  return { ...outcome, notRestored };
};
