import type { EditingTab } from '../../state/section-list';
import type { TabId } from '../../state/tab-id';
import { loaded, reloadable, type Reloadable } from '../../ui/error-boundary/reloadable';
import { ConfigurationsTab } from '../configurations/ConfigurationsTab';

/**
 * The content of each tab that is built: every tab a section names (the typecheck says when one is
 * missing) and no other. The first tab comes with the dialog; the others load when first opened.
 */
export const tabPanels: { [T in EditingTab]: Reloadable } & Partial<Record<TabId, Reloadable>> = {
  configurations: loaded(ConfigurationsTab),
  supportedModels: reloadable(() => import('../supported-models/SupportedModelsTab')),
  applicationVariables: reloadable(() => import('../application-variables/ApplicationVariablesTab')),
  openAiEndpoints: reloadable(() => import('../openai-endpoints/OpenAiEndpointsTab')),
  featureFlags: reloadable(() => import('../feature-flags/FeatureFlagsTab')),
  featureData: reloadable(() => import('../feature-data/FeatureDataTab')),
  embeddings: reloadable(() => import('../embeddings/EmbeddingsTab')),
  ops: reloadable(() => import('../ops/OpsTab')),
  integrations: reloadable(() => import('../integrations/IntegrationsTab')),
};

const isBuilt = (id: TabId): id is EditingTab => Object.hasOwn(tabPanels, id);

/** The tab's content, or null while its sections come later. */
export const tabPanel = (id: TabId): Reloadable | null => (isBuilt(id) ? tabPanels[id] : null);
