import { lazy, Suspense } from 'react';
import { ComingSoon } from './ComingSoon';
import { comingSoon } from './coming-soon';
import type { TabDef } from './tabs';
import { ConfigurationsTab } from '../configurations/ConfigurationsTab';

const FeatureFlagsTab = lazy(() => import('../feature-flags/FeatureFlagsTab'));
const SupportedModelsTab = lazy(() => import('../supported-models/SupportedModelsTab'));
const ApplicationVariablesTab = lazy(() => import('../application-variables/ApplicationVariablesTab'));
const OpenAiEndpointsTab = lazy(() => import('../openai-endpoints/OpenAiEndpointsTab'));

const Loading = () => (
  <p role="status" className="muted panel-loading">
    Loading…
  </p>
);

/** The active tab's content; tabs whose sections come later say plainly what is coming. */
export function TabContent({ tab }: { tab: TabDef }) {
  switch (tab.id) {
    case 'configurations':
      return <ConfigurationsTab />;
    case 'supportedModels':
      return (
        <Suspense fallback={<Loading />}>
          <SupportedModelsTab />
        </Suspense>
      );
    case 'featureFlags':
      return (
        <Suspense fallback={<Loading />}>
          <FeatureFlagsTab />
        </Suspense>
      );
    case 'applicationVariables':
      return (
        <Suspense fallback={<Loading />}>
          <ApplicationVariablesTab />
        </Suspense>
      );
    case 'openAiEndpoints':
      return (
        <Suspense fallback={<Loading />}>
          <OpenAiEndpointsTab />
        </Suspense>
      );
    case 'featureData':
    case 'ops':
    case 'embeddings':
    case 'integrations':
      return <ComingSoon title={tab.label} items={comingSoon[tab.id] ?? []} />;
  }
}

export { Loading as PanelLoading };
