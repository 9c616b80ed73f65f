import { z } from 'zod';
import { boundedString } from '../bounded';
import { limits } from '../limits';
import { AdminsSection } from './admins';
import { FeatureFlagsSection } from './feature-flags';
import { SupportedModelsSection } from './supported-models';
import { DefaultModelsSection } from './default-models';
import { valueCardLabels, valueCardSchemas } from './value-cards/index';
import { AmplifyGroupsSection } from './amplify-groups';
import { ApplicationSecretsSection, ApplicationVariablesSection } from './application-variables';
import { OpenAiEndpointsSection } from './openai-endpoints';

/** The configuration sections built so far, keyed as "Admin configuration keys" spells them. */
export const sectionSchemas = {
  admins: AdminsSection,
  featureFlags: FeatureFlagsSection,
  supportedModels: SupportedModelsSection,
  defaultModels: DefaultModelsSection,
  ...valueCardSchemas,
  amplifyGroups: AmplifyGroupsSection,
  applicationVariables: ApplicationVariablesSection,
  applicationSecrets: ApplicationSecretsSection,
  openaiEndpoints: OpenAiEndpointsSection,
} as const;
export type SectionType = keyof typeof sectionSchemas;
export const sectionTypes = Object.keys(sectionSchemas) as SectionType[];

export const sectionLabels: Record<SectionType, string> = {
  admins: 'Admins',
  featureFlags: 'Feature Flags',
  supportedModels: 'Supported Models',
  defaultModels: 'Default Models',
  ...valueCardLabels,
  amplifyGroups: 'Amplify Groups',
  applicationVariables: 'Application Environment Variables',
  applicationSecrets: 'Application Secrets',
  openaiEndpoints: 'OpenAi Endpoints',
};

/** Each section's data as GET /amplifymin/configs answers it and the dialog saves it. */
export type SectionData = { [K in SectionType]: z.infer<(typeof sectionSchemas)[K]> };

/** Who last changed a section, and the stream version the dialog loaded. */
export const SectionMeta = z.object({
  version: z.number().int().nonnegative(),
  changedBy: boundedString('Changed by', limits.emailLength).nullable(),
  changedAt: boundedString('Changed at', limits.timestampLength).nullable(),
});
export type SectionMeta = z.infer<typeof SectionMeta>;
