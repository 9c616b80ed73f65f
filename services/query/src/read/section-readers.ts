import type { SectionData, SectionType } from '@app/contracts';
import type { Db } from '@app/platform';
import { readAdmins, readFeatureFlags } from './admin-config';
import { configValueReaders } from './config-values';
import { readAmplifyGroups } from './amplify-groups';
import { readDefaultModels, readSupportedModels } from './models';
import { readApplicationSecrets, readApplicationVariables, readOpenAiEndpoints } from './secret-sections';

/** How GET /amplifymin/configs reads each section from its read model. One line per section. */
export const sectionReaders: { [K in SectionType]: (db: Db) => Promise<SectionData[K]> } = {
  admins: readAdmins,
  featureFlags: readFeatureFlags,
  ...configValueReaders,
  amplifyGroups: readAmplifyGroups,
  supportedModels: readSupportedModels,
  defaultModels: readDefaultModels,
  applicationVariables: readApplicationVariables,
  applicationSecrets: readApplicationSecrets,
  openaiEndpoints: readOpenAiEndpoints,
};

export const readAllSections = async (db: Db): Promise<SectionData> => {
  const entries = await Promise.all(
    (Object.keys(sectionReaders) as SectionType[]).map(
      async (type) => [type, await sectionReaders[type](db)] as const,
    ),
  );
  return Object.fromEntries(entries) as unknown as SectionData;
};
