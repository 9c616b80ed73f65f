import {
  defaultModelsStreamId,
  featureFlagsStreamId,
  supportedModelsStreamId,
  type ModelConfiguration,
  type SectionData,
  type SectionType,
} from '@app/contracts';
import { DomainError, type Db, type NewEvent } from '@app/platform';
import { fold, type Decider } from '../shared/decider';
import { defaultModelsDecider } from './default-models';
import { featureFlagsDecider } from './feature-flags';
import { supportedModelsDecider } from './supported-models';
import { loadState } from '../shared/stream-state';

/** A section of the save request, its shape already checked. */
export interface IncomingSection {
  type: SectionType;
  data: unknown;
}

export interface ConfigurationAfterSave {
  configuration: ModelConfiguration;
  /** Incoming sections their own decider refuses: they fail with its message and change nothing. */
  refusedOnTheirOwn: Set<SectionType>;
}

const incoming = <K extends SectionType>(
  sections: readonly IncomingSection[],
  type: K,
): SectionData[K] | undefined => sections.find((s) => s.type === type)?.data as SectionData[K] | undefined;

/** A stream's state folded from its events, then with `command`'s events when it is given and accepted. */
const stateAfter = async <S, C, E extends NewEvent>(
  db: Db,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C | undefined,
): Promise<{ state: S; refused: boolean }> => {
  const { state } = await loadState(db, decider, streamId);
  if (command === undefined) return { state, refused: false };
  try {
    return { state: fold(decider, decider.decide(command, state), state), refused: false };
  } catch (e) {
    if (e instanceof DomainError) return { state, refused: true };
    throw e;
  }
};

/**
 * The Supported Models tab's part of the configuration as it would be after this save: each
 * section's current state folded from its stream, with the incoming section decided on top (a
 * section its own rules refuse will not be saved, so the current state stands for it).
 */
export const configurationAfterSave = async (
  db: Db,
  sections: readonly IncomingSection[],
): Promise<ConfigurationAfterSave> => {
  const models = incoming(sections, 'supportedModels');
  const defaults = incoming(sections, 'defaultModels');
  const flags = incoming(sections, 'featureFlags');
  const [m, d, f] = await Promise.all([
    stateAfter(
      db,
      supportedModelsDecider,
      supportedModelsStreamId,
      models && {
        type: 'UpdateSupportedModels' as const,
        data: { models },
      },
    ),
    stateAfter(
      db,
      defaultModelsDecider,
      defaultModelsStreamId,
      defaults && {
        type: 'UpdateDefaultModels' as const,
        data: { defaults },
      },
    ),
    stateAfter(
      db,
      featureFlagsDecider,
      featureFlagsStreamId,
      flags && {
        type: 'UpdateFeatureFlags' as const,
        data: { flags },
      },
    ),
  ]);
  const refusedOnTheirOwn = new Set<SectionType>();
  if (m.refused) refusedOnTheirOwn.add('supportedModels');
  if (d.refused) refusedOnTheirOwn.add('defaultModels');
  if (f.refused) refusedOnTheirOwn.add('featureFlags');
  return { configuration: { models: m.state, defaults: d.state, flags: f.state }, refusedOnTheirOwn };
};
