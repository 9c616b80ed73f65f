import {
  adminsStreamId,
  featureFlagsStreamId,
  supportedModelsStreamId,
  defaultModelsStreamId,
  sectionSchemas,
  type EventMetadata,
  type SectionData,
  type SectionType,
} from '@app/contracts';
import type { AllowList, Db, SecretBox } from '@app/platform';
import { ZodError } from 'zod';
import { adminsDecider } from './admins';
import { featureFlagsDecider } from './feature-flags';
import { supportedModelsDecider } from './supported-models';
import { defaultModelsDecider } from './default-models';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { configurationCardHandlers } from './configuration-cards';
import { saveApplicationSecrets, saveApplicationVariables, saveOpenAiEndpoints } from './secret-sections';

/**
 * `secrets` seals the values of the secret sections before they are decided; `endpointAllow` (the
 * model client's OUTBOUND_ALLOW) says where an endpoint may be saved without a key.
 */
type Options = {
  metadata: EventMetadata;
  expectedVersion?: number;
  secrets: SecretBox;
  endpointAllow?: AllowList;
};

/** Each configuration section of the dialog as its own command on its own stream. */
export const sectionHandlers: {
  [K in SectionType]: (db: Db, data: SectionData[K], o: Options) => Promise<CommandOutcome>;
} = {
  ...configurationCardHandlers,
  admins: (db, admins, o) =>
    handleCommand(db, adminsDecider, adminsStreamId, { type: 'UpdateAdmins', data: { admins } }, o),
  featureFlags: (db, flags, o) =>
    handleCommand(
      db,
      featureFlagsDecider,
      featureFlagsStreamId,
      { type: 'UpdateFeatureFlags', data: { flags } },
      o,
    ),
  supportedModels: (db, models, o) =>
    handleCommand(
      db,
      supportedModelsDecider,
      supportedModelsStreamId,
      { type: 'UpdateSupportedModels', data: { models } },
      o,
    ),
  defaultModels: (db, defaults, o) =>
    handleCommand(
      db,
      defaultModelsDecider,
      defaultModelsStreamId,
      { type: 'UpdateDefaultModels', data: { defaults } },
      o,
    ),
  applicationVariables: saveApplicationVariables,
  applicationSecrets: saveApplicationSecrets,
  openaiEndpoints: saveOpenAiEndpoints,
};

/**
 * Checks one section's data; a ZodError names the field from the request body's root (`at`, e.g.
 * ['configurations', 0, 'data']), so a wrong whole section still says which one it is.
 */
export const parseSection = <K extends SectionType>(
  type: K,
  data: unknown,
  at: readonly PropertyKey[] = [],
): SectionData[K] => {
  const parsed = sectionSchemas[type].safeParse(data);
  if (parsed.success) return parsed.data as SectionData[K];
  throw new ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: [...at, ...issue.path] })));
};
