import type { TabId } from '../../state/tab-id';
import { loaded, reloadable, type Reloadable } from '../../ui/error-boundary/reloadable';
import { ConfigurationsTab } from '../configurations/ConfigurationsTab';

/**
 * The content of every tab (the typecheck says when one is missing). The first tab comes with the
 * dialog; the others load when first opened.
 */
export const tabPanels: Record<TabId, Reloadable> = {
  configurations: loaded(ConfigurationsTab),
  supportedModels: reloadable(() => import('../supported-models/SupportedModelsTab')),
  applicationVariables: reloadable(() => import('../application-variables/ApplicationVariablesTab')),
  openAiEndpoints: reloadable(() => import('../openai-endpoints/OpenAiEndpointsTab')),
  featureFlags: reloadable(() => import('../feature-flags/FeatureFlagsTab')),
  featureData: reloadable(() => import('../feature-data/FeatureDataTab')),
  embeddings: reloadable(() => import('../embeddings/EmbeddingsTab')),
  ops: reloadable(() => import('../ops/OpsTab')),
  integrations: reloadable(() => import('../integrations/IntegrationsTab')),
  usage: reloadable(() => import('../usage/UsageTab')),
};

/** The tab's content. */
export const tabPanel = (id: TabId): Reloadable => tabPanels[id];
