import { Suspense } from 'react';
import { ErrorBoundary } from '../../ui/error-boundary/ErrorBoundary';
import { ViewFailed } from '../../ui/error-boundary/ViewFailed';
import { tabPanel } from './tab-panels';
import type { TabDef } from './tabs';

const Loading = () => (
  <p role="status" className="muted panel-loading">
    Loading…
  </p>
);

/**
 * The active tab's content, inside its own error boundary: a tab that fails to load or throws says
 * so with Try again, and the rest of the dialog goes on working.
 */
export function TabContent({ tab }: { tab: TabDef }) {
  const panel = tabPanel(tab.id);
  return (
    <ErrorBoundary
      key={tab.id}
      onRetry={panel.reload}
      fallback={(retry) => <ViewFailed what={tab.label} onRetry={retry} />}
    >
      <Suspense fallback={<Loading />}>
        <panel.Component />
      </Suspense>
    </ErrorBoundary>
  );
}

export { Loading as PanelLoading };
