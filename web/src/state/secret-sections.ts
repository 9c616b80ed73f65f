import { sectionLabels, type OpenAiEndpointsSection } from '@app/contracts';
import { deepEqual } from './equality';
import type { SectionDef } from './section-def';

/** The sections whose values are secrets (read masked): the Application Variables and OpenAi Endpoints tabs. */
export type SecretSectionType = 'applicationSecrets' | 'applicationVariables' | 'openaiEndpoints';

/** The section without the dialog's own `isNew` flags: what is saved and compared. */
export const withoutNewFlags = (section: OpenAiEndpointsSection): OpenAiEndpointsSection => ({
  models: section.models.map((entry) =>
    Object.fromEntries(
      Object.entries(entry).map(([name, m]) => [
        name,
        { endpoints: m.endpoints.map(({ url, key }) => ({ url, key })) },
      ]),
    ),
  ),
});

/** Equal for the server: the same models in order with the same url and key pairs (flags aside). */
export const sameOpenAiEndpoints = (a: OpenAiEndpointsSection, b: OpenAiEndpointsSection): boolean =>
  deepEqual(withoutNewFlags(a), withoutNewFlags(b));

/** Their definitions (`satisfies` keeps each `tab` a literal for `SectionsOfTab`). */
export const secretSectionDefs = {
  applicationSecrets: {
    type: 'applicationSecrets',
    tab: 'applicationVariables',
    label: sectionLabels.applicationSecrets,
    empty: () => ({}),
    equals: deepEqual,
  },
  applicationVariables: {
    type: 'applicationVariables',
    tab: 'applicationVariables',
    label: sectionLabels.applicationVariables,
    empty: () => ({}),
    equals: deepEqual,
  },
  openaiEndpoints: {
    type: 'openaiEndpoints',
    tab: 'openAiEndpoints',
    label: sectionLabels.openaiEndpoints,
    empty: () => ({ models: [] }),
    equals: sameOpenAiEndpoints,
    toSave: withoutNewFlags,
  },
} satisfies { [K in SecretSectionType]: SectionDef<K> };
