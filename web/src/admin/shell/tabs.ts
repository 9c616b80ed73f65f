import type { SectionType } from '@app/contracts';
import { sectionsOfTab } from '../../state/section-list';
import type { TabId } from '../../state/tab-id';

export type { TabId };

export interface TabDef {
  id: TabId;
  label: string;
  /** The configuration sections the tab edits (their `tab` says so): an edit in one marks the tab with *. */
  sections: readonly SectionType[];
}

/** The Admin Interface's tabs, in order. */
export const adminTabs: readonly TabDef[] = (
  [
    ['configurations', 'Configurations'],
    ['supportedModels', 'Supported Models'],
    ['applicationVariables', 'Application Variables'],
    ['openAiEndpoints', 'OpenAi Endpoints'],
    ['featureFlags', 'Feature Flags'],
    ['featureData', 'Feature Data'],
    ['ops', 'Ops'],
    ['embeddings', 'Embeddings'],
    ['integrations', 'Integrations'],
    ['usage', 'Usage'],
  ] as const
).map(([id, label]) => ({ id, label, sections: sectionsOfTab(id) }));

/** Integrations appears only when integration data was loaded. */
export const visibleTabs = (integrationsLoaded: boolean): readonly TabDef[] =>
  adminTabs.filter((t) => t.id !== 'integrations' || integrationsLoaded);

export const tabLabel = (tab: TabDef, dirty: boolean): string => (dirty ? `${tab.label} *` : tab.label);
