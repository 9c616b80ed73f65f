import type { SectionType } from '@app/contracts';

export type TabId =
  | 'configurations'
  | 'supportedModels'
  | 'applicationVariables'
  | 'openAiEndpoints'
  | 'featureFlags'
  | 'featureData'
  | 'ops'
  | 'embeddings'
  | 'integrations';

export interface TabDef {
  id: TabId;
  label: string;
  /** The configuration sections the tab edits: an edit in one marks the tab with an asterisk. */
  sections: readonly SectionType[];
}

/** The spec's tabs, in its order. */
export const adminTabs: readonly TabDef[] = [
  {
    id: 'configurations',
    label: 'Configurations',
    sections: [
      'admins',
      'emailSupport',
      'aiEmailDomain',
      'rateLimit',
      'defaultConversationStorage',
      'promtCostAlert',
      'amplifyGroups',
    ],
  },
  { id: 'supportedModels', label: 'Supported Models', sections: ['supportedModels', 'defaultModels'] },
  {
    id: 'applicationVariables',
    label: 'Application Variables',
    sections: ['applicationSecrets', 'applicationVariables'],
  },
  { id: 'openAiEndpoints', label: 'OpenAi Endpoints', sections: ['openaiEndpoints'] },
  { id: 'featureFlags', label: 'Feature Flags', sections: ['featureFlags'] },
  { id: 'featureData', label: 'Feature Data', sections: [] },
  { id: 'ops', label: 'Ops', sections: [] },
  { id: 'embeddings', label: 'Embeddings', sections: [] },
  { id: 'integrations', label: 'Integrations', sections: [] },
];

/** Integrations appears only when integration data was loaded (none is loaded yet). */
export const visibleTabs = (integrationsLoaded: boolean): readonly TabDef[] =>
  adminTabs.filter((t) => t.id !== 'integrations' || integrationsLoaded);

export const tabLabel = (tab: TabDef, dirty: boolean): string => (dirty ? `${tab.label} *` : tab.label);
